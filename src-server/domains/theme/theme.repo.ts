/** SQL of stored brand themes (one row per edited brand). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandThemes } from '../../db/schema';
import type { BrandTheme } from '#shared/brand-theme';

export type ThemeRow = typeof brandThemes.$inferSelect;

export async function themeOf(db: Db, { brand }: { brand: string }): Promise<ThemeRow | null> {
  const [row] = await db.select().from(brandThemes).where(eq(brandThemes.brand, brand));
  return row ?? null;
}

export async function saveTheme(
  db: Db,
  { brand, theme, adminId }: { brand: string; theme: BrandTheme; adminId: string },
): Promise<void> {
  const values = { ...theme, updatedBy: adminId, updatedAt: new Date() };
  await db
    .insert(brandThemes)
    .values({ brand, ...values })
    .onConflictDoUpdate({ target: brandThemes.brand, set: values });
}

export async function deleteTheme(db: Db, { brand }: { brand: string }): Promise<number> {
  const rows = await db.delete(brandThemes).where(eq(brandThemes.brand, brand)).returning({ brand: brandThemes.brand });
  return rows.length;
}
