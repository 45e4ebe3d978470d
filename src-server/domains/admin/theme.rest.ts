import { z } from 'zod';
import { adminRow } from './admin-rest';

const theme = z.object({
  brandName: z.string(),
  tagline: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  logoText: z.string(),
});
const view = z.object({
  brand: z.string(),
  theme,
  stored: z.boolean(),
  defaults: theme,
  updatedAt: z.string().nullable(),
});

export const themeRest = [
  adminRow({
    procedure: 'admin.theme.list',
    method: 'GET',
    summary: "Every brand's theme (stored or the code default)",
    input: () => undefined,
    response: z.array(view),
  }),
  adminRow({
    procedure: 'admin.theme.save',
    method: 'POST',
    summary:
      'Store a brand theme (body: brand, brandName, tagline, primaryColor, accentColor, logoText); WCAG AA contrast checked',
    response: view,
  }),
  adminRow({
    procedure: 'admin.theme.reset',
    method: 'POST',
    summary: 'Back to the code default (body: brand)',
    response: view,
    errors: [400, 401, 403, 409],
  }),
];
