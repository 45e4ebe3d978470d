/** /admin/ai-feedback: what users said about AI analyses and assistant answers, and the review mark. */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import * as repo from './feedback.repo';
import { decodeCursor, pageOf, type Page } from './keyset';

export interface FeedbackItem {
  /** `analysis:12` or `assistant:34`: unique across both kinds. */
  key: string;
  kind: repo.FeedbackKind;
  id: number;
  vote: 'up' | 'down';
  comment: string | null;
  updatedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  user: string | null;
  /** The assistant's question (null for an AI analysis). */
  question: string | null;
  /** The rated text: the analysis, or the assistant's answer. */
  text: string | null;
  model: string | null;
  filing: {
    id: number;
    ticker: string | null;
    form: string | null;
    oneLiner: string | null;
    accessionNo: string | null;
    link: string | null;
  } | null;
}

const toItem = (r: repo.FeedbackRow): FeedbackItem => ({
  key: `${r.kind}:${r.id}`,
  kind: r.kind,
  id: Number(r.id),
  vote: r.vote === 1 ? 'up' : 'down',
  comment: r.comment,
  updatedAt: r.updated_at,
  reviewedAt: r.reviewed_at,
  reviewedBy: r.reviewed_by_email,
  user: r.user_email,
  question: r.question,
  text: r.text,
  model: r.model,
  filing:
    r.filing_id == null
      ? null
      : {
          id: Number(r.filing_id),
          ticker: r.ticker,
          form: r.form_type,
          oneLiner: r.one_liner,
          accessionNo: r.accession_no,
          link: r.link,
        },
});

export async function listFeedback(
  db: Db,
  { limit, cursor, filter }: { limit: number; cursor?: string | null; filter: repo.FeedbackFilter },
): Promise<Page<FeedbackItem>> {
  const rows = await repo.listFeedback(db, { filter, after: decodeCursor(cursor, 3), limit: limit + 1 });
  return pageOf(rows.map(toItem), limit, (i) => [i.updatedAt, i.kind, i.id]);
}

export async function markReviewed(
  db: Db,
  params: { kind: repo.FeedbackKind; id: number; reviewed: boolean; adminUserId: string },
): Promise<{ before: string | null; after: string | null }> {
  const mark = await repo.setReviewed(db, params);
  if (!mark) throw new AppError('NOT_FOUND', 'No feedback with that id.', { reason: 'feedback_not_found' });
  return mark;
}
