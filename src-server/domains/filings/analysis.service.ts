/** PRO AI analysis: an LLM summary of a stored filing, generated once and cached per filing. */
import { AppError } from '../../core/app-error';
import type { Db } from '../../db/client';
import { type ChatClient, LlmError } from '../../integrations/llm/chat-client';
import * as repo from './filings.repo';

const SYSTEM = [
  'You explain SEC filings to retail investors in plain English.',
  'Write 3 to 5 sentences: what happened, why it may matter to shareholders, and what to watch next.',
  'Use only the facts given. Do not give investment advice or price predictions.',
].join(' ');

export interface Analysis {
  filingId: number;
  model: string;
  summary: string;
  createdAt: Date;
}

function factsOf(filing: NonNullable<Awaited<ReturnType<typeof repo.getFilingById>>>): string {
  const details = JSON.stringify(filing.details ?? {}).slice(0, 6_000);
  return [
    `Form: ${filing.formType}`,
    `Company: ${filing.companyName ?? 'unknown'}${filing.ticker ? ` (${filing.ticker})` : ''}`,
    `Filed: ${filing.filedAt.toISOString()}`,
    `Importance: ${filing.importance} because ${filing.reasons.join('; ')}`,
    `Summary: ${filing.summaryText ?? filing.oneLiner}`,
    `Parsed detail (JSON): ${details}`,
  ].join('\n');
}

/** Returns the cached analysis or generates it (bounded by the client's timeout). */
export async function analyseFiling(db: Db, { llm, filingId }: { llm: ChatClient | null | undefined; filingId: number }): Promise<Analysis> {
  const cached = await repo.getAnalysis(db, { filingId });
  if (cached) return cached;
  const filing = await repo.getFilingById(db, { id: filingId });
  if (!filing) throw new AppError('NOT_FOUND', 'No such filing.', { reason: 'filing_not_found' });
  if (!llm) throw new AppError('UNAVAILABLE', 'AI analysis is not configured on this server.', { reason: 'ai_unavailable' });
  const started = performance.now();
  let summary: string;
  try {
    summary = await llm.complete([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: factsOf(filing) },
    ]);
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    throw new AppError('UNAVAILABLE', 'AI analysis is temporarily unavailable. Please try again in a minute.', { reason: 'ai_unavailable', cause: error });
  }
  await repo.saveAnalysis(db, { filingId, model: llm.model, summary, latencyMs: Math.round(performance.now() - started) });
  return (await repo.getAnalysis(db, { filingId })) ?? { filingId, model: llm.model, summary, createdAt: new Date() };
}
