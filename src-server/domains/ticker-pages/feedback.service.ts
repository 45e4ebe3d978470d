/** Thumbs up/down on a filing's AI analysis (PRO users, who see it), and the admin's view of them. */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import * as repo from './feedback.repo';
import type { Vote } from './timeline';

export interface FeedbackResult {
  filing_id: number;
  vote: Vote | null;
}

/** Sets (or with `vote: null` clears) the caller's vote; only an analysis that exists can be rated. */
export async function setAnalysisFeedback(
  db: Db,
  params: { userId: string; filingId: number; vote: Vote | null; comment?: string | null },
): Promise<FeedbackResult> {
  return db.transaction(async (tx) => {
    const filing = await repo.filingAnalysisModel(tx, { filingId: params.filingId });
    if (!filing) throw new AppError('NOT_FOUND', 'No such filing.', { reason: 'filing_not_found' });
    if (params.vote === null) {
      await repo.deleteVote(tx, params);
      return { filing_id: params.filingId, vote: null };
    }
    if (filing.model == null) {
      throw new AppError('CONFLICT', 'This filing has no AI analysis to rate yet.', { reason: 'analysis_missing' });
    }
    await repo.upsertVote(tx, {
      userId: params.userId,
      filingId: params.filingId,
      vote: params.vote === 'up' ? 1 : -1,
      comment: params.comment?.trim() || null,
      model: filing.model,
    });
    return { filing_id: params.filingId, vote: params.vote };
  });
}

export interface FeedbackItem {
  id: number;
  vote: Vote;
  comment: string | null;
  model: string | null;
  created_at: string;
  updated_at: string;
  user: { id: string; email: string | null; phone: string | null };
  filing: {
    id: number;
    ticker: string | null;
    company_name: string | null;
    form: string;
    one_liner: string;
    accession_no: string;
    link: string | null;
  };
  analysis: string | null;
}

export interface FeedbackList {
  totals: { up: number; down: number; filings: number };
  items: FeedbackItem[];
  next_before: string | null;
}

function decodeBefore(value: string | null | undefined): { updatedUs: string; id: number } | null {
  if (!value) return null;
  const match = /^(\d{1,17})_(\d{1,15})$/.exec(value);
  if (!match) throw new AppError('BAD_REQUEST', 'That page cursor is not valid.', { reason: 'bad_cursor' });
  return { updatedUs: match[1]!, id: Number(match[2]) };
}

/** Admin: every vote, newest first, with the rated text and who rated it. */
export async function listAnalysisFeedback(
  db: Db,
  params: { limit: number; before?: string | null; vote?: Vote | null },
): Promise<FeedbackList> {
  const vote = params.vote === 'up' ? 1 : params.vote === 'down' ? -1 : null;
  const [rows, totals] = await Promise.all([
    repo.listFeedback(db, { limit: params.limit + 1, before: decodeBefore(params.before), vote }),
    repo.feedbackTotals(db),
  ]);
  const page = rows.slice(0, params.limit);
  const last = page[page.length - 1];
  return {
    totals,
    items: page.map((r) => ({
      id: r.id,
      vote: r.vote === 1 ? 'up' : 'down',
      comment: r.comment,
      model: r.model,
      created_at: r.created_at,
      updated_at: r.updated_at,
      user: { id: r.user_id, email: r.email, phone: r.phone },
      filing: {
        id: r.filing_id,
        ticker: r.ticker,
        company_name: r.company_name,
        form: r.form_type,
        one_liner: r.one_liner,
        accession_no: r.accession_no,
        link: r.link,
      },
      analysis: r.analysis,
    })),
    next_before: rows.length > params.limit && last ? `${last.updated_us}_${last.id}` : null,
  };
}
