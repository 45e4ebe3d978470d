import { router } from '../../transport/trpc/init';

// Procedures arrive with the ticker catalogue issue.
export const tickersRouter = router({});
