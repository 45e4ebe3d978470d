import { router } from '../../transport/trpc/init';

// Procedures arrive with the watchlist issue.
export const watchlistRouter = router({});
