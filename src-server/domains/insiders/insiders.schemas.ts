import { z } from 'zod';

/** CIKs are up to 10 digits; links may carry SEC's zero padding ("0001494730"). */
export const cikInput = z.object({ cik: z.coerce.number().int().positive().max(9_999_999_999) }).strict();
export const nameInput = z.object({ name: z.string().trim().min(1, 'name is required').max(200) }).strict();
