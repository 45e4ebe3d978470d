import {
  proProcedure,
  router,
  sessionProcedure,
  signedInProcedure,
  verifiedProcedure,
} from '../../transport/trpc/init';
import type { Context } from '../../transport/trpc/context';
import { returnBaseFor } from '../auth/request-info';
import * as schemas from './billing.schemas';
import {
  billingStatus,
  cancelSubscription,
  confirmCheckout,
  openPortal,
  previewAddonPacks,
  resumeSubscription,
  setAddonPacks,
  startCheckout,
} from './billing.service';
import { openPlanFeed } from './plan-events';

const linkBase = (ctx: Context) => returnBaseFor(ctx.deps, ctx.host);

/** PRO subscriptions on Stripe (REST mirror in billing.rest.ts). */
export const billingRouter = router({
  /** Plan, dates, add-ons, limits and whether checkout is offered here. */
  status: sessionProcedure.query(({ ctx }) => billingStatus(ctx.deps, { userId: ctx.user.id, brand: ctx.brand })),
  /** A Checkout Session for PRO (+ packs); the app sends the browser to `url`. */
  startCheckout: verifiedProcedure.input(schemas.checkoutInput).mutation(({ ctx, input }) =>
    startCheckout(ctx.deps, {
      userId: ctx.user.id,
      brand: ctx.brand,
      linkBase: linkBase(ctx),
      packs: input.packs,
      requestKey: input.requestKey,
    }),
  ),
  /** Back from Checkout: syncs from Stripe and says whether PRO is on. */
  confirmCheckout: signedInProcedure
    .input(schemas.confirmCheckoutInput)
    .mutation(({ ctx, input }) => confirmCheckout(ctx.deps, { userId: ctx.user.id, sessionId: input.sessionId })),
  /** The Customer Portal (card, invoices, cancel at period end). */
  portal: verifiedProcedure
    .input(schemas.portalInput)
    .mutation(({ ctx, input }) =>
      openPortal(ctx.deps, { userId: ctx.user.id, brand: ctx.brand, linkBase: linkBase(ctx), flow: input?.flow }),
    ),
  previewAddons: proProcedure
    .input(schemas.previewAddonsInput)
    .query(({ ctx, input }) =>
      previewAddonPacks(ctx.deps, { userId: ctx.user.id, brand: ctx.brand, packs: input.packs }),
    ),
  setAddons: proProcedure.input(schemas.setAddonsInput).mutation(({ ctx, input }) =>
    setAddonPacks(ctx.deps, {
      userId: ctx.user.id,
      brand: ctx.brand,
      packs: input.packs,
      requestKey: input.requestKey,
    }),
  ),
  cancel: signedInProcedure.mutation(({ ctx }) =>
    cancelSubscription(ctx.deps, { userId: ctx.user.id, brand: ctx.brand }),
  ),
  resume: signedInProcedure.mutation(({ ctx }) =>
    resumeSubscription(ctx.deps, { userId: ctx.user.id, brand: ctx.brand }),
  ),
  /** Websocket: the caller's plan now, then each time it changes (badge, limit, dates). */
  planChanges: signedInProcedure.subscription(({ ctx, signal }) =>
    openPlanFeed(ctx.deps, { userId: ctx.user.id, signal }),
  ),
});
