/** SQL of /admin/ai-feedback: both kinds of thumbs (AI analyses, assistant answers) as one list, and marking one reviewed. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CursorKey } from './keyset';

export type FeedbackKind = 'analysis' | 'assistant';

export interface FeedbackFilter {
  kind?: FeedbackKind | null;
  vote?: 'up' | 'down' | null;
  reviewed?: boolean | null;
  /** A ticker: analyses of its filings, assistant answers citing one of them. */
  ticker?: string | null;
  /** Words in the comment, the question or the rated text. */
  q?: string | null;
}

export interface FeedbackRow extends Record<string, unknown> {
  kind: FeedbackKind;
  id: number;
  vote: number;
  comment: string | null;
  updated_at: string;
  reviewed_at: string | null;
  reviewed_by_email: string | null;
  user_email: string | null;
  question: string | null;
  text: string | null;
  model: string | null;
  filing_id: number | null;
  ticker: string | null;
  form_type: string | null;
  one_liner: string | null;
  accession_no: string | null;
  link: string | null;
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * One union over both tables, newest first by (updated_at, kind, id). An assistant answer's filing
 * is the first one it cites.
 */
export async function listFeedback(
  db: Db,
  { filter, after, limit }: { filter: FeedbackFilter; after: CursorKey | null; limit: number },
): Promise<FeedbackRow[]> {
  const where: SQL[] = [sql`true`];
  if (filter.kind) where.push(sql`x.kind = ${filter.kind}`);
  if (filter.vote) where.push(sql`x.vote = ${filter.vote === 'up' ? 1 : -1}`);
  if (filter.reviewed != null)
    where.push(filter.reviewed ? sql`x.reviewed_at is not null` : sql`x.reviewed_at is null`);
  if (filter.ticker) where.push(sql`upper(x.ticker) = upper(${filter.ticker})`);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(x.comment ilike ${like} or x.question ilike ${like} or x.text ilike ${like})`);
  }
  if (after) {
    const [at, kind, id] = after as [string, string, number];
    where.push(sql`(x.updated_at, x.kind, x.id) < (${at}::timestamptz, ${kind}, ${Number(id)}::int8)`);
  }
  return db.execute<FeedbackRow>(sql`
    select x.kind, x.id::float8 as id, x.vote::int as vote, x.comment, ${iso('x.updated_at')} as updated_at,
      ${iso('x.reviewed_at')} as reviewed_at, (select coalesce(r.email, r.phone) from users r where r.id = x.reviewed_by) as reviewed_by_email,
      (select coalesce(u.email, u.phone) from users u where u.id = x.user_id) as user_email,
      x.question, x.text, x.model, x.filing_id::float8 as filing_id, x.ticker, x.form_type, x.one_liner, x.accession_no, x.link
    from (
      select 'analysis'::text as kind, fb.id, fb.vote, fb.comment, fb.updated_at, fb.reviewed_at, fb.reviewed_by, fb.user_id,
        null::text as question, a.summary as text, fb.model, f.id as filing_id, f.ticker, f.form_type, f.one_liner, f.accession_no,
        coalesce(f.primary_doc_url, f.index_url) as link
      from analysis_feedback fb join filings f on f.id = fb.filing_id
      left join lateral (select summary from filing_analyses where filing_id = f.id limit 1) a on true
      union all
      select 'assistant'::text, fb.message_id, fb.vote, fb.comment, fb.updated_at, fb.reviewed_at, fb.reviewed_by, fb.user_id,
        m.question, m.answer->>'text', null::text, f.id, f.ticker, f.form_type, f.one_liner, f.accession_no,
        coalesce(f.primary_doc_url, f.index_url)
      from assistant_feedback fb join assistant_messages m on m.id = fb.message_id
      left join filings f on f.accession_no = m.answer->'citations'->>0
    ) x
    where ${sql.join(where, sql` and `)}
    order by x.updated_at desc, x.kind desc, x.id desc
    limit ${limit}`);
}

/** Sets or clears the review mark; returns the mark before and after, or null when there is no such feedback. */
export async function setReviewed(
  db: Db,
  { kind, id, reviewed, adminUserId }: { kind: FeedbackKind; id: number; reviewed: boolean; adminUserId: string },
): Promise<{ before: string | null; after: string | null } | null> {
  const table = sql.raw(kind === 'analysis' ? 'analysis_feedback' : 'assistant_feedback');
  const key = sql.raw(kind === 'analysis' ? 'id' : 'message_id');
  const rows = await db.execute<{ before: string | null; after: string | null }>(sql`
    with old as (select ${key} as id, reviewed_at from ${table} where ${key} = ${id} for update)
    update ${table} t set
      reviewed_at = case when ${reviewed} then coalesce(old.reviewed_at, now()) else null end,
      reviewed_by = case when ${reviewed} then coalesce(t.reviewed_by, ${adminUserId}::uuid) else null end
    from old where t.${key} = old.id
    returning ${iso('old.reviewed_at')} as before, ${iso('t.reviewed_at')} as after`);
  return rows[0] ?? null;
}
