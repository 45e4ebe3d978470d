import { z } from 'zod';
import { text } from '#shared/input';
import { proProcedure, router } from '../transport/trpc/init';
import { openLiveFeed } from './live.service';

/** Merged into the `filings` router: `filings.live`. */
export const liveRouter = router({
  /** PRO (and admins): newly scored filings of the user's watchlist, over the websocket. */
  live: proProcedure
    .input(z.object({ lastEventId: text().max(32).nullish() }).optional())
    .subscription(({ ctx, input, signal }) =>
      openLiveFeed(ctx.deps, { userId: ctx.user.id, lastEventId: input?.lastEventId, signal }),
    ),
});
