import { publicProcedure, router } from '../../transport/trpc/init';
import { cikInput, nameInput } from './insiders.schemas';
import { getInsiderByCik, getInsiderByName } from './insiders.service';

export const insidersRouter = router({
  /** The profile of one reporting owner; NOT_FOUND (insider_not_found) for a CIK with no filings. */
  byCik: publicProcedure.input(cikInput).query(({ ctx, input }) => getInsiderByCik(ctx.deps.db, input)),
  /** { kind: 'profile' } for one person, { kind: 'choices' } when several share the name; NOT_FOUND when none. */
  byName: publicProcedure.input(nameInput).query(({ ctx, input }) => getInsiderByName(ctx.deps.db, input)),
});
