import { z } from 'zod';
import { adminProcedure, router } from '../../transport/trpc/init';
import { listCatalogueAdmin, setTickerMapping } from '../tickers/tickers-admin.service';
import { startAdminJob } from './admin-jobs.service';
import { adminMutation } from './admin-procedure';
import { decodeCursor, pageInput, pageOf } from './keyset';

/** /admin/tickers: the catalogue, hand-set mappings, the refresh from SEC's ticker file. */
export const tickersRouter = router({
  /** Tickers with watchers per ticker; most watched first or A-Z; q matches ticker, name or CIK. */
  catalogue: adminProcedure
    .input(
      z
        .object({
          ...pageInput,
          q: z.string().trim().max(80).nullish(),
          sort: z.enum(['watchers', 'ticker']).default('watchers'),
        })
        .strict(),
    )
    .query(async ({ ctx, input }) => {
      const key = decodeCursor(input.cursor, 2);
      const after = key ? { watchers: Number(key[0]), ticker: String(key[1]) } : null;
      const { items } = await listCatalogueAdmin(ctx.deps.db, {
        q: input.q,
        sort: input.sort,
        after,
        limit: input.limit + 1,
      });
      return pageOf(items, input.limit, (t) => [t.watchers, t.ticker]);
    }),
  /** Add or correct one ticker's CIK by hand, with a note; later refreshes keep it. */
  setMapping: adminMutation({
    action: 'tickers.setMapping',
    input: {
      ticker: z.string().trim().min(1).max(10),
      cik: z.number().int().positive().max(9_999_999_999),
      name: z.string().trim().min(1).max(200),
      note: z.string().trim().min(1).max(500),
    },
    run: async (input, { tx, admin }) => {
      const { before, after } = await setTickerMapping(tx, { ...input, adminId: admin.user.id });
      return {
        target: { type: 'ticker', id: after.ticker },
        before,
        after: { ...after, note: input.note },
        result: after,
      };
    },
  }),
  /** Start a refresh from SEC's ticker file (a job: poll admin.jobs.get). */
  refresh: adminMutation({
    action: 'tickers.refresh',
    input: {},
    run: async (_input, { tx, admin }) => {
      const job = await startAdminJob(tx, { kind: 'tickers.refresh', params: {}, createdBy: admin.user.id, total: 3 });
      return { target: { type: 'admin_job', id: job.id }, after: { kind: job.kind }, result: job };
    },
  }),
});
