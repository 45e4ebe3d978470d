import { AppError } from '#shared/app-error';
import { BRAND_IDS, BRANDS } from '#shared/brands';
import { adminProcedure, proProcedure, router } from '../../transport/trpc/init';
import type { Context } from '../../transport/trpc/context';
import { EventQueue } from '../../live/event-queue';
import { adminAssistantFeedbackInput, askInput, conversationInput, rateInput } from './assistant.schemas';
import {
  askAsUser,
  getConversation,
  getLatestConversation,
  listAssistantFeedback,
  rateAnswer,
  type AskParams,
} from './assistant.service';
import type { Answer } from './contract';

export type AssistantEvent =
  | { type: 'status'; status: string }
  | { type: 'delta'; text: string }
  | { type: 'answer'; answer: Answer };

/** The service's parameters from the app's configuration (model, timeout, daily budget). */
export function askParams(
  ctx: Pick<Context, 'deps'>,
  userId: string,
  input: { question: string; conversationId?: string | null },
): AskParams {
  return {
    userId,
    question: input.question,
    conversationId: input.conversationId ?? null,
    llm: ctx.deps.llm ?? null,
    llmTimeoutMs: ctx.deps.env.LLM_TIMEOUT_MS,
    dailyLlmCalls: ctx.deps.env.LLM_DAILY_CALLS_PER_USER,
  };
}

const CHATBOT_BRAND = BRAND_IDS.find((id) => BRANDS[id].features.chatbot)!;

/**
 * The assistant is the paid brand's feature (SPEC §6, brand feature `chatbot`): checked here on the
 * server for every transport (tRPC, websocket, `POST /api/assistant`), not only by the web hiding it.
 */
const chatbotProcedure = proProcedure.use(({ ctx, next }) => {
  if (!BRANDS[ctx.brand].features.chatbot)
    throw new AppError('FORBIDDEN', `The filing assistant is part of ${BRANDS[CHATBOT_BRAND].brandName}.`, {
      reason: 'assistant_not_on_brand',
    });
  return next();
});

export const assistantRouter = router({
  /**
   * PRO (and admins), over the websocket: progress, then the checked answer text line by line,
   * then the whole answer contract. Errors (bad input, foreign conversation) end the stream.
   */
  ask: chatbotProcedure.input(askInput).subscription(async function* ({ ctx, input, signal }) {
    const queue = new EventQueue<AssistantEvent>(10_000);
    const done = askAsUser(ctx.deps, { ...askParams(ctx, ctx.user.id, input), onEvent: (e) => queue.push(e) }).then(
      (answer) => {
        queue.push({ type: 'answer', answer });
        queue.end();
      },
      (error: unknown) => queue.end(error as Error),
    );
    signal?.addEventListener('abort', () => queue.end(), { once: true });
    try {
      for (;;) {
        const event = await queue.next();
        if (!event) break;
        yield event;
      }
    } finally {
      await done;
    }
  }),
  /** The same answer in one HTTP response (scripts; `POST /api/assistant` mirrors it). */
  answer: chatbotProcedure
    .input(askInput)
    .mutation(({ ctx, input }) => askAsUser(ctx.deps, askParams(ctx, ctx.user.id, input))),
  conversation: chatbotProcedure
    .input(conversationInput)
    .query(({ ctx, input }) => getConversation(ctx.deps.db, { userId: ctx.user.id, id: input.id })),
  /** The caller's most recent conversation still kept (30 days idle), shown again after a reload. */
  latestConversation: chatbotProcedure.query(({ ctx }) => getLatestConversation(ctx.deps.db, { userId: ctx.user.id })),
  /** Thumbs up/down with an optional comment on one of the caller's answers. */
  rate: chatbotProcedure
    .input(rateInput)
    .mutation(({ ctx, input }) => rateAnswer(ctx.deps.db, { userId: ctx.user.id, ...input })),
});

/** Admin: assistant votes, newest first (mounted under admin.assistantFeedback). */
export const assistantFeedbackAdminProcedure = adminProcedure
  .input(adminAssistantFeedbackInput)
  .query(({ ctx, input }) => listAssistantFeedback(ctx.deps.db, input));
