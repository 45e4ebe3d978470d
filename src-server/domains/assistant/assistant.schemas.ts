import { z } from 'zod';
import { MAX_QUESTION_CHARS } from './assistant.service';

const question = z
  .string({ error: 'question must be text' })
  .trim()
  .min(1, 'Ask a question.')
  .max(MAX_QUESTION_CHARS, `Keep questions under ${MAX_QUESTION_CHARS} characters.`)
  .refine((v) => !v.includes('\u0000'), 'question must not contain NUL characters');

export const askInput = z.object({ question, conversationId: z.uuid('conversationId must be a UUID').nullish() }).strict();
export const conversationInput = z.object({ id: z.uuid('id must be a UUID') }).strict();
export const rateInput = z
  .object({
    messageId: z.number().int().positive(),
    vote: z.enum(['up', 'down']),
    comment: z.string().max(1000, 'Keep comments under 1,000 characters.').refine((v) => !v.includes('\u0000'), 'comment must not contain NUL characters').nullish(),
  })
  .strict();
export const adminAssistantFeedbackInput = z.object({ limit: z.number().int().min(1).max(200).default(50) }).strict().default({ limit: 50 });
