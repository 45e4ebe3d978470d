import { z } from 'zod';
import { BRAND_IDS } from '#shared/brands';
import { adminProcedure, router } from '../../transport/trpc/init';
import { brandThemeView, resetBrandTheme, saveBrandTheme } from '../theme/theme.service';
import { adminMutation } from './admin-procedure';

const brand = z.enum(BRAND_IDS);

/** /admin/theme: per-brand name, tagline, colours and logo text over the code defaults. */
export const themeRouter = router({
  /** Every brand's current theme, whether it is stored or the code default, and the default. */
  list: adminProcedure.query(({ ctx }) => Promise.all(BRAND_IDS.map((b) => brandThemeView(ctx.deps.db, { brand: b })))),
  /** Store a theme; refused (400 theme_invalid, problems listed) unless every contrast pair passes WCAG AA. */
  save: adminMutation({
    action: 'theme.save',
    input: {
      brand,
      brandName: z.string().max(200),
      tagline: z.string().max(500),
      primaryColor: z.string().max(20),
      accentColor: z.string().max(20),
      logoText: z.string().max(20),
    },
    run: async ({ brand: b, ...theme }, { tx, admin }) => {
      const change = await saveBrandTheme(tx, { brand: b, theme, adminId: admin.user.id });
      return {
        target: { type: 'brand', id: b },
        before: change.before.theme,
        after: change.after.theme,
        result: change.after,
      };
    },
  }),
  /** Back to the code default (core/brands.ts). */
  reset: adminMutation({
    action: 'theme.reset',
    input: { brand },
    run: async ({ brand: b }, { tx }) => {
      const change = await resetBrandTheme(tx, { brand: b });
      return {
        target: { type: 'brand', id: b },
        before: change.before.theme,
        after: change.after.theme,
        result: change.after,
      };
    },
  }),
});
