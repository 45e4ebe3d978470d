/** SQL of AI-analysis feedback: one vote per user and filing, and the admin's list of them. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisFeedback, filingAnalyses, filings } from '../../db/schema';

/** The filing's id and its cached analysis model (null when it has no analysis), or null when no such filing. */
export async function filingAnalysisModel(
  db: Db,
  { filingId }: { filingId: number },
): Promise<{ model: string | null } | null> {
  const [row] = await db
    .select({ model: filingAnalyses.model })
    .from(filings)
    .leftJoin(filingAnalyses, eq(filingAnalyses.filingId, filings.id))
    .where(eq(filings.id, filingId))
    .limit(1);
  return row ?? null;
}

export async function upsertVote(
  db: Db,
  params: { userId: string; filingId: number; vote: 1 | -1; comment: string | null; model: string },
): Promise<void> {
  const set = { vote: params.vote, comment: params.comment, model: params.model, updatedAt: sql`now()` };
  await db
    .insert(analysisFeedback)
    .values({
      userId: params.userId,
      filingId: params.filingId,
      vote: params.vote,
      comment: params.comment,
      model: params.model,
    })
    .onConflictDoUpdate({ target: [analysisFeedback.userId, analysisFeedback.filingId], set });
}

export async function deleteVote(db: Db, { userId, filingId }: { userId: string; filingId: number }): Promise<void> {
  await db
    .delete(analysisFeedback)
    .where(and(eq(analysisFeedback.userId, userId), eq(analysisFeedback.filingId, filingId)));
}

export interface FeedbackListRow extends Record<string, unknown> {
  id: number;
  vote: number;
  comment: string | null;
  model: string | null;
  created_at: string;
  updated_at: string;
  updated_us: string;
  user_id: string;
  email: string | null;
  phone: string | null;
  filing_id: number;
  ticker: string | null;
  company_name: string | null;
  form_type: string;
  one_liner: string;
  accession_no: string;
  link: string | null;
  analysis: string | null;
}

/** Newest first, keyset-paged on (updated_at, id) over analysis_feedback_updated_idx. */
export async function listFeedback(
  db: Db,
  params: { limit: number; before: { updatedUs: string; id: number } | null; vote: 1 | -1 | null },
): Promise<FeedbackListRow[]> {
  const before = params.before
    ? sql` and (fb.updated_at, fb.id) < (timestamptz 'epoch' + ${params.before.updatedUs}::int8 * interval '1 microsecond', ${params.before.id}::int8)`
    : sql``;
  const vote = params.vote == null ? sql`` : sql` and fb.vote = ${params.vote}`;
  return db.execute<FeedbackListRow>(sql`
    select fb.id::float8 as id, fb.vote::int as vote, fb.comment, fb.model,
      to_json(fb.created_at)#>>'{}' as created_at, to_json(fb.updated_at)#>>'{}' as updated_at,
      (extract(epoch from fb.updated_at) * 1000000)::int8::text as updated_us,
      u.id as user_id, u.email, u.phone, f.id::float8 as filing_id, f.ticker, f.company_name, f.form_type, f.one_liner,
      f.accession_no, coalesce(f.primary_doc_url, f.index_url) as link, a.summary as analysis
    from analysis_feedback fb
    join users u on u.id = fb.user_id
    join filings f on f.id = fb.filing_id
    left join filing_analyses a on a.filing_id = fb.filing_id
    where true${vote}${before}
    order by fb.updated_at desc, fb.id desc
    limit ${params.limit}`);
}

export async function feedbackTotals(db: Db): Promise<{ up: number; down: number; filings: number }> {
  const [row] = await db.execute<{ up: number; down: number; filings: number }>(sql`
    select count(*) filter (where vote = 1)::int as up, count(*) filter (where vote = -1)::int as down,
      count(distinct filing_id)::int as filings from analysis_feedback`);
  return row ?? { up: 0, down: 0, filings: 0 };
}
