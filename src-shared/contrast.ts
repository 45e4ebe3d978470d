/**
 * WCAG 2.x contrast for brand themes: the server refuses a theme that fails, and the admin
 * theme editor shows the same verdicts live. Pure; no I/O.
 */

/** #rgb or #rrggbb (what the theme editor accepts). */
export const HEX_COLOUR_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Normal-size text needs 4.5:1 (WCAG 2.x success criterion 1.4.3, level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** Relative luminance as WCAG defines it (sRGB, linearised). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The surfaces brand colours meet in src-web/styles.css (light and dark themes). */
export const THEME_SURFACES = { light: '#ffffff', dark: '#141b26', onBrand: '#ffffff' } as const;

export interface ContrastCheck {
  /** What a person would see fail: 'White button text on the primary colour'. */
  label: string;
  foreground: string;
  background: string;
  ratio: number;
  passes: boolean;
}

/**
 * The pairs the stylesheet uses: white text on primary buttons and the logo, primary as link
 * text on the light surface, accent as link text on the dark surface.
 */
export function checkThemeContrast(theme: { primaryColor: string; accentColor: string }): ContrastCheck[] {
  const pairs: [string, string, string][] = [
    ['White text on the primary colour (buttons, logo)', THEME_SURFACES.onBrand, theme.primaryColor],
    ['Primary colour as link text on the light theme', theme.primaryColor, THEME_SURFACES.light],
    ['Accent colour as link text on the dark theme', theme.accentColor, THEME_SURFACES.dark],
  ];
  return pairs.map(([label, foreground, background]) => {
    const valid = HEX_COLOUR_RE.test(foreground) && HEX_COLOUR_RE.test(background);
    const ratio = valid ? Math.round(contrastRatio(foreground, background) * 100) / 100 : 0;
    return { label, foreground, background, ratio, passes: ratio >= MIN_TEXT_CONTRAST };
  });
}
