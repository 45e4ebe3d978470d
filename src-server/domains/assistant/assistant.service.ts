/**
 * The filing assistant: a question in, the answer contract out. Tier 0 (router + tools) always
 * answers; with a model configured, tier 1 answers instead when the checker accepts its text, else
 * tier 0's answer goes out marked degraded with the reason. Every answer is stored in the caller's
 * conversation (30 days).
 */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import type { ChatClient } from '../../integrations/llm/chat-client';
import * as repo from './assistant.repo';
import type { Answer } from './contract';
import { loadContext } from './context';
import { recordLlmTokens, takeLlmCall } from './llm-budget';
import { answerTier0 } from './tier0';
import { answerTier1 } from './tier1';
import type { KeyedSlots } from '../../ops/keyed-slots';
import { spend } from '../auth/rate-limit';

export const CONVERSATION_DAYS = 30;
export const MAX_QUESTION_CHARS = 500;

const FALLBACK_NOTE: Record<string, string> = {
  llm_rejected: 'The language model’s answer was rejected by our fact checker, so this is the rule-based answer.',
  llm_timeout: 'The language model did not answer in time, so this is the rule-based answer.',
  llm_error: 'The language model could not answer just now, so this is the rule-based answer.',
  llm_budget: 'You have used today’s language-model answers, so this is the rule-based answer.',
};

function validQuestion(text: string): string {
  const question = text.trim();
  if (!question) throw new AppError('BAD_REQUEST', 'Ask a question.', { reason: 'question_required' });
  if (question.length > MAX_QUESTION_CHARS)
    throw new AppError('BAD_REQUEST', `Keep questions under ${MAX_QUESTION_CHARS} characters.`, {
      reason: 'question_too_long',
    });
  return question;
}

export interface AskParams {
  userId: string;
  question: string;
  conversationId?: string | null;
  llm?: ChatClient | null;
  llmTimeoutMs?: number;
  dailyLlmCalls?: number;
  now?: Date;
  /** Progress for streaming transports: the stage, then the checked text in pieces. */
  onEvent?: (event: { type: 'status'; status: string } | { type: 'delta'; text: string }) => void;
}

export async function ask(db: Db, params: AskParams): Promise<Answer> {
  const started = performance.now();
  const question = validQuestion(params.question);
  if (
    params.conversationId &&
    !(await repo.ownConversation(db, { userId: params.userId, id: params.conversationId }))
  ) {
    throw new AppError('NOT_FOUND', 'No such conversation.', { reason: 'conversation_not_found' });
  }
  params.onEvent?.({ type: 'status', status: 'Reading our filings…' });
  const context = await loadContext(db, { userId: params.userId, now: params.now ?? new Date() });
  const { answer: tier0 } = await answerTier0(db, question, context);
  let answer = tier0;
  if (params.llm && !tier0.refusal) {
    params.onEvent?.({ type: 'status', status: 'Asking the language model…' });
    const history = params.conversationId
      ? (await repo.conversationMessages(db, { userId: params.userId, id: params.conversationId }))
          .slice(-3)
          .map((m) => ({ question: m.question, answer: (m.answer as Answer).text }))
      : [];
    const outcome = await answerTier1(db, question, context, tier0, {
      history,
      llm: params.llm,
      timeoutMs: params.llmTimeoutMs ?? 20_000,
      takeCall: () => takeLlmCall(db, { userId: params.userId, limit: params.dailyLlmCalls ?? 60 }),
      onTokens: (tokens) => void recordLlmTokens(db, { userId: params.userId, tokens }).catch(() => {}),
    });
    answer = outcome.ok
      ? outcome.answer
      : { ...tier0, degraded: outcome.reason, caveats: [FALLBACK_NOTE[outcome.reason]!, ...tier0.caveats] };
  }
  // Only checked text is streamed: a line at a time, after the checker has passed it.
  for (const line of answer.text.split('\n')) params.onEvent?.({ type: 'delta', text: `${line}\n` });
  const conversationId = params.conversationId ?? (await repo.createConversation(db, { userId: params.userId }));
  const messageId = await repo.insertMessage(db, {
    conversationId,
    userId: params.userId,
    question,
    answer,
    tier: answer.tier,
    intent: answer.intent,
    degraded: answer.degraded ?? null,
    latencyMs: Math.round(performance.now() - started),
  });
  return { ...answer, conversationId, messageId };
}

/**
 * A question from a transport: the per-user rate (every process together) and concurrency (in
 * this process) limits, with or without a model, then ask(). Bad input is refused first and
 * spends nothing.
 */
export async function askAsUser(
  deps: { db: Db; assistantSlots: KeyedSlots; env: { ASSISTANT_CONCURRENCY_PER_USER: number } },
  params: AskParams,
): Promise<Answer> {
  validQuestion(params.question);
  const taken = deps.assistantSlots.take([{ key: params.userId, limit: deps.env.ASSISTANT_CONCURRENCY_PER_USER }]);
  if (!('release' in taken)) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `You already have ${deps.env.ASSISTANT_CONCURRENCY_PER_USER} questions being answered. Wait for them, then ask again.`,
      { reason: 'too_many_questions' },
    );
  }
  try {
    await spend(deps.db, { budget: 'assistantAskPerUser', key: params.userId });
    return await ask(deps.db, params);
  } finally {
    taken.release();
  }
}

export async function getConversation(db: Db, { userId, id }: { userId: string; id: string }) {
  const messages = await repo.conversationMessages(db, { userId, id });
  if (messages.length === 0)
    throw new AppError('NOT_FOUND', 'No such conversation.', { reason: 'conversation_not_found' });
  return {
    id,
    messages: messages.map((m) => ({
      id: m.id,
      question: m.question,
      answer: m.answer as Answer,
      createdAt: m.created_at,
      vote: m.vote === 1 ? 'up' : m.vote === -1 ? 'down' : null,
    })),
  };
}

/** The caller's latest conversation (what the panel shows again after a reload), else null. */
export async function getLatestConversation(db: Db, { userId }: { userId: string }) {
  const id = await repo.latestConversationId(db, { userId });
  return id ? getConversation(db, { userId, id }).catch(() => null) : null;
}

export async function rateAnswer(
  db: Db,
  params: { userId: string; messageId: number; vote: 'up' | 'down'; comment?: string | null },
): Promise<{ messageId: number; vote: 'up' | 'down' }> {
  const saved = await repo.upsertFeedback(db, {
    userId: params.userId,
    messageId: params.messageId,
    vote: params.vote === 'up' ? 1 : -1,
    comment: params.comment?.trim() || null,
  });
  if (!saved) throw new AppError('NOT_FOUND', 'No such answer.', { reason: 'message_not_found' });
  return { messageId: params.messageId, vote: params.vote };
}

export async function pruneAssistantData(db: Db): Promise<number> {
  return repo.pruneConversations(db, { days: CONVERSATION_DAYS });
}

export async function listAssistantFeedback(db: Db, { limit }: { limit: number }) {
  return repo.listAssistantFeedback(db, { limit });
}
