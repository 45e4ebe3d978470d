import { z } from 'zod';
import { text } from '#shared/input';

/**
 * CIKs are written with up to 10 digits (links may carry SEC's zero padding, "0001494730"); every
 * CIK SEC has issued fits the 32-bit column, so larger numbers are refused here, not by the database.
 */
export const MAX_CIK = 2_147_483_647;
export const cikInput = z
  .object({ cik: z.coerce.number().int().positive().max(MAX_CIK, 'cik is not a valid SEC CIK') })
  .strict();
export const nameInput = z.object({ name: text().trim().min(1, 'name is required').max(200) }).strict();
