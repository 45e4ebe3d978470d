/**
 * A brand's editable look (admin /admin/theme): the rules both the editor and the server apply
 * before a theme is stored. core/brands.ts stays the default for a brand nobody edited.
 */
import { BRANDS, type BrandConfig, type BrandId } from './brands';
import { checkThemeContrast, HEX_COLOUR_RE, type ContrastCheck } from './contrast';

export interface BrandTheme {
  brandName: string;
  tagline: string;
  primaryColor: string;
  accentColor: string;
  logoText: string;
}

export const THEME_LIMITS = { brandName: 40, tagline: 160, logoText: 4 } as const;

export function defaultTheme(brand: BrandId): BrandTheme {
  const { brandName, tagline, ui } = BRANDS[brand];
  return { brandName, tagline, primaryColor: ui.primaryColor, accentColor: ui.accentColor, logoText: ui.logoText };
}

/** The brand config with a stored theme laid over it (name, tagline, colours, logo text). */
export function themedBrand(config: BrandConfig, theme: BrandTheme | null | undefined): BrandConfig {
  if (!theme) return config;
  return {
    ...config,
    brandName: theme.brandName,
    tagline: theme.tagline,
    ui: { primaryColor: theme.primaryColor, accentColor: theme.accentColor, logoText: theme.logoText },
  };
}

export interface ThemeVerdict {
  /** Sentences a person can act on; empty when the theme may be saved. */
  problems: string[];
  contrast: ContrastCheck[];
}

/** Field rules and WCAG AA contrast (4.5:1) for every pair the stylesheet draws. */
export function checkTheme(theme: BrandTheme): ThemeVerdict {
  const problems: string[] = [];
  const name = theme.brandName.trim();
  if (!name) problems.push('Give the brand a name.');
  if (name.length > THEME_LIMITS.brandName) problems.push(`Keep the name to ${THEME_LIMITS.brandName} characters.`);
  if (!theme.tagline.trim()) problems.push('Give the brand a tagline.');
  if (theme.tagline.trim().length > THEME_LIMITS.tagline)
    problems.push(`Keep the tagline to ${THEME_LIMITS.tagline} characters.`);
  const logo = theme.logoText.trim();
  if (!logo) problems.push('Give the logo some text.');
  if ([...logo].length > THEME_LIMITS.logoText) problems.push(`Logo text fits ${THEME_LIMITS.logoText} characters.`);
  for (const [label, value] of [
    ['Primary colour', theme.primaryColor],
    ['Accent colour', theme.accentColor],
  ] as const) {
    if (!HEX_COLOUR_RE.test(value)) problems.push(`${label} must be a hex colour like #1d4ed8.`);
  }
  const contrast = checkThemeContrast(theme);
  for (const c of contrast)
    if (!c.passes) problems.push(`${c.label} has contrast ${c.ratio}:1; it needs at least 4.5:1.`);
  return { problems, contrast };
}
