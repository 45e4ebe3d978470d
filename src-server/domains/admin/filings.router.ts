import { z } from 'zod';
import { IMPORTANCE_LEVELS } from '#shared/importance';
import { adminProcedure, router } from '../../transport/trpc/init';
import { AppError } from '#shared/app-error';
import type { AppDeps } from '../../deps';
import {
  clearImportanceReview,
  filingAdminDetail,
  reingestFiling,
  rescoreFiling,
  reviewImportance,
  searchFilingsAdmin,
} from '../filings/filings-admin.service';
import { startAdminJob } from './admin-jobs.service';
import { adminMutation } from './admin-procedure';
import { decodeCursor, pageInput, pageOf } from './keyset';

const day = z.iso.date();
const filingId = { id: z.coerce.number().int().positive() };

/** The EDGAR integration, for the mutations that fetch from it; a 503 when this process runs without it. */
function requireEdgar(edgar: AppDeps['edgar']): NonNullable<AppDeps['edgar']> {
  if (!edgar)
    throw new AppError('UNAVAILABLE', 'EDGAR is not configured in this process.', { reason: 'edgar_unavailable' });
  return edgar;
}

/** /admin/filings: search, a filing in full, rescore, re-ingest, importance review. */
export const filingsRouter = router({
  /** Filings newest first; by ticker (or its CIK), form, importance and filed day (New York). */
  search: adminProcedure
    .input(
      z
        .object({
          ...pageInput,
          ticker: z.string().trim().max(10).nullish(),
          form: z.string().trim().max(20).nullish(),
          importance: z.enum(IMPORTANCE_LEVELS).nullish(),
          from: day.nullish(),
          to: day.nullish(),
        })
        .strict(),
    )
    .query(async ({ ctx, input }) => {
      const key = decodeCursor(input.cursor, 2);
      const after = key ? { filedAt: String(key[0]), id: Number(key[1]) } : null;
      const { items } = await searchFilingsAdmin(ctx.deps.db, {
        ...input,
        importance: input.importance ?? null,
        from: input.from ?? null,
        to: input.to ?? null,
        after,
        limit: input.limit + 1,
      });
      return pageOf(items, input.limit, (f) => [f.filedAt, f.id]);
    }),
  /** Parsed facts, the rules that fired, score, review. */
  get: adminProcedure
    .input(z.object(filingId).strict())
    .query(({ ctx, input }) => filingAdminDetail(ctx.deps.db, input)),
  /** Set the importance by hand (reason required); users see it marked "reviewed". */
  review: adminMutation({
    action: 'filings.review',
    destructive: true,
    input: { id: z.number().int().positive(), importance: z.enum(IMPORTANCE_LEVELS) },
    run: async (input, { tx, reason }) => {
      const change = await reviewImportance(tx, { ...input, reason: reason! });
      return { target: { type: 'filing', id: input.id }, ...change, result: change.after };
    },
  }),
  /** Drop a review: the rules' importance applies again. */
  clearReview: adminMutation({
    action: 'filings.clearReview',
    input: { id: z.number().int().positive() },
    run: async (input, { tx }) => {
      const change = await clearImportanceReview(tx, input);
      return { target: { type: 'filing', id: input.id }, ...change, result: change.after };
    },
  }),
  /** Rescore one filing with today's rules from its stored parse. */
  rescore: adminMutation({
    action: 'filings.rescore',
    input: { id: z.number().int().positive() },
    run: async (input, { tx }) => {
      const r = await rescoreFiling(tx, input);
      return {
        target: { type: 'filing', id: input.id },
        before: { importance: r.before },
        after: { importance: r.after },
        result: r,
      };
    },
  }),
  /** Rescore every filing filed in a range of New York days, optionally fetched again first (a job: poll admin.jobs.get). */
  rescoreRange: adminMutation({
    action: 'filings.rescoreRange',
    input: { from: day, to: day, form: z.string().trim().max(20).nullish(), refetch: z.boolean().optional() },
    run: async (input, { tx, admin, deps }) => {
      if (input.from > input.to)
        throw new AppError('BAD_REQUEST', 'The range starts after it ends.', { reason: 'range_invalid' });
      if (input.refetch) requireEdgar(deps.edgar);
      const job = await startAdminJob(tx, {
        kind: 'filings.rescore',
        params: {
          from: input.from,
          to: input.to,
          form: input.form?.toUpperCase() || null,
          ...(input.refetch ? { refetch: true } : {}),
        },
        createdBy: admin.user.id,
      });
      return { target: { type: 'admin_job', id: job.id }, after: job.params, result: job };
    },
  }),
  /** Fetch the filing from EDGAR again (the replay offline), parse and rescore it. */
  reingest: adminMutation({
    action: 'filings.reingest',
    input: { id: z.number().int().positive() },
    run: async (input, { tx, deps }) => {
      const r = await reingestFiling(tx, { id: input.id, client: await requireEdgar(deps.edgar).start() });
      return {
        target: { type: 'filing', id: input.id },
        before: { importance: r.before },
        after: { importance: r.after },
        result: r,
      };
    },
  }),
});
