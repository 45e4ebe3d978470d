/**
 * Brand themes stored by admins: the SPA shell carries the stored theme of its brand
 * (transport/web/spa.ts), so users see an edit on their next page load.
 */
import { AppError } from '#shared/app-error';
import { checkTheme, defaultTheme, type BrandTheme } from '#shared/brand-theme';
import type { BrandId } from '#shared/brands';
import type { Db } from '../../db/client';
import * as repo from './theme.repo';

export interface ThemeView {
  brand: BrandId;
  theme: BrandTheme;
  /** False: the code default (core/brands.ts) applies. */
  stored: boolean;
  defaults: BrandTheme;
  updatedAt: string | null;
}

const pick = (r: repo.ThemeRow): BrandTheme => ({
  brandName: r.brandName,
  tagline: r.tagline,
  primaryColor: r.primaryColor,
  accentColor: r.accentColor,
  logoText: r.logoText,
});

/** The stored theme of a brand, or null when the code default applies. */
export async function storedTheme(db: Db, { brand }: { brand: BrandId }): Promise<BrandTheme | null> {
  const row = await repo.themeOf(db, { brand });
  return row ? pick(row) : null;
}

export async function brandThemeView(db: Db, { brand }: { brand: BrandId }): Promise<ThemeView> {
  const row = await repo.themeOf(db, { brand });
  return {
    brand,
    theme: row ? pick(row) : defaultTheme(brand),
    stored: row != null,
    defaults: defaultTheme(brand),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Stores a theme that passes checkTheme (fields and WCAG contrast); anything else is a 400 naming the problem. */
export async function saveBrandTheme(
  db: Db,
  { brand, theme, adminId }: { brand: BrandId; theme: BrandTheme; adminId: string },
) {
  const trimmed: BrandTheme = {
    brandName: theme.brandName.trim(),
    tagline: theme.tagline.trim(),
    primaryColor: theme.primaryColor.trim().toLowerCase(),
    accentColor: theme.accentColor.trim().toLowerCase(),
    logoText: theme.logoText.trim(),
  };
  const verdict = checkTheme(trimmed);
  if (verdict.problems.length > 0) {
    throw new AppError('BAD_REQUEST', verdict.problems.join(' '), {
      reason: 'theme_invalid',
      details: { problems: verdict.problems, contrast: verdict.contrast },
    });
  }
  return db.transaction(async (tx) => {
    const before = await brandThemeView(tx, { brand });
    await repo.saveTheme(tx, { brand, theme: trimmed, adminId });
    return { before, after: await brandThemeView(tx, { brand }) };
  });
}

/** Back to the code default. */
export async function resetBrandTheme(db: Db, { brand }: { brand: BrandId }) {
  return db.transaction(async (tx) => {
    const before = await brandThemeView(tx, { brand });
    if (!before.stored)
      throw new AppError('CONFLICT', 'This brand already uses its default theme.', { reason: 'theme_not_stored' });
    await repo.deleteTheme(tx, { brand });
    return { before, after: await brandThemeView(tx, { brand }) };
  });
}
