/** Web push over tRPC (issue #31): the VAPID public key and this account's browsers, subscribe, unsubscribe, the push threshold. */
import { z } from 'zod';
import { IMPORTANCE_RANK } from '#shared/importance';
import { proProcedure, router, signedInProcedure } from '../../transport/trpc/init';
import { pushStatus, setPushMinRank, subscribe, unsubscribe } from './push.service';

const base64url = (name: string, max: number) =>
  z
    .string()
    .min(1, `${name} is required`)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`);

/** What PushSubscription.toJSON() gives (expirationTime is ignored: the push service's 404/410 is what counts). */
export const subscribeInput = z
  .object({
    endpoint: z.string().min(1).max(2048),
    keys: z.object({ p256dh: base64url('p256dh', 200), auth: base64url('auth', 100) }),
    expirationTime: z.number().nullable().optional(),
    label: z.string().trim().max(60).optional(),
  })
  .strict();

const maxRank = Math.max(...Object.values(IMPORTANCE_RANK));

export const pushRouter = router({
  /** The key the browser subscribes with, this account's subscribed browsers and the push threshold. */
  status: signedInProcedure.query(({ ctx }) => pushStatus(ctx.deps, { userId: ctx.user.id })),
  /** Saves this browser's subscription (PRO: push is a real-time channel). */
  subscribe: proProcedure.input(subscribeInput).mutation(({ ctx, input }) =>
    subscribe(ctx.deps, {
      userId: ctx.user.id,
      subscription: { endpoint: input.endpoint, keys: input.keys },
      label: input.label ?? '',
    }),
  ),
  /** Removes one of this account's subscriptions: this browser's (endpoint) or one from the list (id). */
  unsubscribe: signedInProcedure
    .input(
      z.union([
        z.object({ endpoint: z.string().min(1).max(2048) }).strict(),
        z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict(),
      ]),
    )
    .mutation(async ({ ctx, input }) => {
      await unsubscribe(ctx.deps, { userId: ctx.user.id, ...input });
      return { ok: true as const };
    }),
  /** The lowest importance pushed at once (1 LOW ... 4 CRITICAL). */
  setMinRank: signedInProcedure
    .input(z.object({ minRank: z.number().int().min(1).max(maxRank) }).strict())
    .mutation(({ ctx, input }) => setPushMinRank(ctx.deps, { userId: ctx.user.id, rank: input.minRank })),
});
