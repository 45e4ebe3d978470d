import { z } from 'zod';
import { MAX_ADDON_PACKS } from '#shared/plans';

/** Inputs of the billing endpoints, shared by REST and tRPC. Unknown fields are refused. */
const bodySession = { session: z.string().min(1).max(200).nullish() };
const packs = z.number().int().min(0).max(MAX_ADDON_PACKS);
/** A client-made key per click: a resent request does not change the subscription twice. */
const requestKey = z
  .string()
  .regex(/^[\w-]{8,64}$/)
  .optional();

export const checkoutInput = z.object({ packs: packs.optional(), requestKey }).strict();
export const confirmCheckoutInput = z
  .object({ sessionId: z.string().regex(/^cs_\w{4,250}$/, 'Not a checkout session id') })
  .strict();
export const portalInput = z
  .object({ flow: z.enum(['payment_method_update']).optional() })
  .strict()
  .optional();
export const previewAddonsInput = z.object({ packs }).strict();
export const setAddonsInput = z.object({ packs, requestKey }).strict();

export const rest = {
  checkout: z.object({ ...bodySession, packs: packs.optional(), requestKey }).strict(),
  sessionOnly: z.object(bodySession).strict(),
  portal: z.object({ ...bodySession, flow: z.enum(['payment_method_update']).optional() }).strict(),
  addons: z.object({ ...bodySession, packs, requestKey }).strict(),
  previewQuery: z.object({ packs: z.coerce.number().pipe(packs) }),
  confirmQuery: z.object({ session_id: z.string().regex(/^cs_\w{4,250}$/, 'Not a checkout session id') }),
};
