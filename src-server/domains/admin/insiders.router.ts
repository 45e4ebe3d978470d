import { z } from 'zod';
import { adminProcedure, router } from '../../transport/trpc/init';
import { MAX_CIK } from '../insiders/insiders.schemas';
import { adminMutation } from './admin-procedure';
import { listInsiders } from './insiders.repo';
import { mergeProfiles, setDisplayName } from './insiders.service';
import { decodeCursor, pageInput, pageOf } from './keyset';

const cik = z.number().int().positive().max(MAX_CIK);

/** /admin/insiders: profiles (filed names, CIKs, companies, roles), the display name, merges. */
export const insidersRouter = router({
  /** Reporting owners by CIK; q matches a name (filed, shown or set by hand) or the CIK. */
  list: adminProcedure
    .input(z.object({ ...pageInput, q: z.string().trim().max(200).nullish() }).strict())
    .query(async ({ ctx, input }) => {
      const key = decodeCursor(input.cursor, 1);
      const rows = await listInsiders(ctx.deps.db, {
        q: input.q,
        afterCik: key ? Number(key[0]) : null,
        limit: input.limit + 1,
      });
      return pageOf(rows, input.limit, (r) => [r.cik]);
    }),
  /** The name users see on the profile and in search; null goes back to the filed name. */
  setDisplayName: adminMutation({
    action: 'insiders.setDisplayName',
    input: { cik, displayName: z.string().trim().min(1).max(200).nullable() },
    run: async (input, { tx, admin }) => {
      const { before, after } = await setDisplayName(tx, { ...input, adminId: admin.user.id });
      return {
        target: { type: 'insider', id: input.cik },
        before,
        after: { display_name: after.display_name },
        result: after,
      };
    },
  }),
  /** Merge fromCik's profile into intoCik's (reason required); /insider/cik/{fromCik} then opens intoCik. */
  merge: adminMutation({
    action: 'insiders.merge',
    destructive: true,
    input: { fromCik: cik, intoCik: cik },
    run: async (input, { tx, admin }) => {
      const { before, after } = await mergeProfiles(tx, { ...input, adminId: admin.user.id });
      return {
        target: { type: 'insider', id: input.fromCik },
        before,
        after: { merged_into_cik: input.intoCik },
        result: after,
      };
    },
  }),
});
