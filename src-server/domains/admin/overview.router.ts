import { adminProcedure, router } from '../../transport/trpc/init';
import { overview } from './overview.service';
import { stripeSetup } from './stripe-setup.service';

/** /admin (the overview) and /admin/stripe-setup: read-only health pages. */
export const overviewRouter = router({
  /** Ingestion, queue, dead letters, alert latency, live sockets, users, MRR, recent errors. */
  get: adminProcedure.query(({ ctx }) => overview(ctx.deps)),
});

export const stripeSetupRouter = router({
  /** Keys, webhook secret, prices by lookup key, last webhook; the steps still to take. */
  check: adminProcedure.query(({ ctx }) => stripeSetup(ctx.deps)),
});
