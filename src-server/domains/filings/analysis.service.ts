/**
 * PRO AI analysis of a stored filing. With a language model: its text, generated once per filing
 * (one call in flight per filing, across instances), charged to the asking user's daily model
 * budget, and shown only when the fact checker finds every number and quote in the filing's own
 * data. Without a model, or when the model fails or is refused: the rule-based analysis, labelled.
 */
import { AppError } from '#shared/app-error';
import { FILED_DATE_NOT_RECORDED, isFiledDateUnknown } from '#shared/filed-date';
import { ClaimBusy, withClaim } from '../../db/claims';
import type { Db } from '../../db/client';
import { type ChatClient, LlmError } from '../../integrations/llm/chat-client';
import { checkAnswer } from '../assistant/checker';
import { takeLlmCall } from '../assistant/llm-budget';
import { reportChangeOfFiling } from '../reports/reports-read.service';
import * as repo from './filings.repo';
import { ruleAnalysis, ruleAnalysisText, type RuleAnalysis } from './rule-analysis';

const SYSTEM = [
  'You explain SEC filings to retail investors in plain English.',
  'Write 3 to 5 sentences: what happened, why it may matter to shareholders, and what to watch next.',
  'Use only the facts given: copy any number exactly as given and compute none. Do not give investment advice or price predictions.',
].join(' ');

export interface Analysis {
  filingId: number;
  model: string;
  summary: string;
  createdAt: Date;
  /** 'model': the language model's checked text; 'rules': our rule-based analysis. */
  kind: 'model' | 'rules';
  rules: RuleAnalysis;
  /** Why a configured model's text is not shown: 'llm_rejected' | 'llm_error' | 'llm_budget'. */
  degraded?: string;
}

type FilingRow = NonNullable<Awaited<ReturnType<typeof repo.getFilingById>>>;

function factsOf(filing: FilingRow): string {
  const details = JSON.stringify(filing.details ?? {}).slice(0, 6_000);
  return [
    `Form: ${filing.formType}`,
    `Company: ${filing.companyName ?? 'unknown'}${filing.ticker ? ` (${filing.ticker})` : ''}`,
    // A filedAt kept only to order (the period end) is not given to the model as a filing time.
    `Filed: ${isFiledDateUnknown(filing.details) ? FILED_DATE_NOT_RECORDED : filing.filedAt.toISOString()}`,
    `Importance: ${filing.importance} because ${filing.reasons.join('; ')}`,
    `Summary: ${filing.summaryText ?? filing.oneLiner}`,
    `Parsed detail (JSON): ${details}`,
  ].join('\n');
}

// Same-process requests for one filing share one model call; other instances wait on the claim below.
const inFlight = new Map<number, Promise<Analysis>>();

export async function analyseFiling(
  db: Db,
  params: { llm: ChatClient | null | undefined; filingId: number; userId?: string; dailyLlmCalls?: number },
): Promise<Analysis> {
  const filing = await repo.getFilingById(db, { id: params.filingId });
  if (!filing) throw new AppError('NOT_FOUND', 'No such filing.', { reason: 'filing_not_found' });
  // A report's watch names its new risk factors: read its stored change.
  const reportDiff = /^10-[QK]/i.test(filing.formType) ? await reportChangeOfFiling(db, { filingId: filing.id }) : null;
  const rules = ruleAnalysis({ ...filing, reportDiff });
  const cached = await repo.getAnalysis(db, { filingId: params.filingId });
  if (cached) return { ...cached, kind: 'model', rules };
  const byRules = (degraded?: string): Analysis => ({
    filingId: filing.id,
    model: 'rules',
    summary: ruleAnalysisText(rules, filing.importance),
    createdAt: filing.storedAt,
    kind: 'rules',
    rules,
    ...(degraded ? { degraded } : {}),
  });
  const llm = params.llm;
  if (!llm) return byRules();
  const running = inFlight.get(filing.id);
  if (running !== undefined) return running;
  const work = generate(db, {
    llm,
    filing,
    rules,
    userId: params.userId,
    dailyLlmCalls: params.dailyLlmCalls ?? 60,
  }).catch((error: unknown) => {
    // A model failure, or another process still generating after the wait: the rules' text for now.
    if (error instanceof LlmError || error instanceof ClaimBusy) return byRules('llm_error');
    if (error instanceof BudgetSpent) return byRules('llm_budget');
    if (error instanceof Rejected) return byRules('llm_rejected');
    throw error;
  });
  inFlight.set(filing.id, work);
  try {
    return await work;
  } finally {
    inFlight.delete(filing.id);
  }
}

class BudgetSpent extends Error {}
class Rejected extends Error {}

/** Longer than a model call may take (LLM_TIMEOUT_MS, 20 s by default): an older claim is a crashed holder's. */
const CLAIM = { staleAfterMs: 60_000, waitMs: 30_000, pollMs: 200 };

async function generate(
  db: Db,
  p: { llm: ChatClient; filing: FilingRow; rules: RuleAnalysis; userId?: string; dailyLlmCalls: number },
): Promise<Analysis> {
  // One model call in flight per filing across every process: a claim row, then the call with no
  // transaction or lock held, then a short write. A second caller waits, then finds the cached text.
  return withClaim(db, `filing-analysis:${p.filing.id}`, CLAIM, async () => {
    const cached = await repo.getAnalysis(db, { filingId: p.filing.id });
    if (cached) return { ...cached, kind: 'model' as const, rules: p.rules };
    if (p.userId && !(await takeLlmCall(db, { userId: p.userId, limit: p.dailyLlmCalls }))) throw new BudgetSpent();
    const started = performance.now();
    const facts = factsOf(p.filing);
    const summary = await p.llm.complete([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: facts },
    ]);
    const check = checkAnswer(summary, {
      facts: [],
      question: '',
      extra: [facts, ...p.filing.reasons, p.filing.oneLiner],
    });
    if (!check.ok) throw new Rejected();
    await repo.saveAnalysis(db, {
      filingId: p.filing.id,
      model: p.llm.model,
      summary,
      latencyMs: Math.round(performance.now() - started),
    });
    const saved = await repo.getAnalysis(db, { filingId: p.filing.id });
    return {
      ...(saved ?? { filingId: p.filing.id, model: p.llm.model, summary, createdAt: new Date() }),
      kind: 'model' as const,
      rules: p.rules,
    };
  });
}
