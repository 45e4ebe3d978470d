import { z } from 'zod';
import { MAX_QUESTION_CHARS } from './assistant.service';

const question = z
  .string({ error: 'question must be text' })
  .trim()
  .min(1, 'Ask a question.')
  .max(MAX_QUESTION_CHARS, `Keep questions under ${MAX_QUESTION_CHARS} characters.`)
  .refine((v) => !v.includes('\u0000'), 'question must not contain NUL characters');

export const askInput = z
  .object({ question, conversationId: z.uuid('conversationId must be a UUID').nullish() })
  .strict();
export const conversationInput = z.object({ id: z.uuid('id must be a UUID') }).strict();
export const rateInput = z
  .object({
    messageId: z.number().int().positive(),
    vote: z.enum(['up', 'down']),
    comment: z
      .string()
      .max(1000, 'Keep comments under 1,000 characters.')
      .refine((v) => !v.includes('\u0000'), 'comment must not contain NUL characters')
      .nullish(),
  })
  .strict();
export const adminAssistantFeedbackInput = z
  .object({ limit: z.number().int().min(1).max(200).default(50) })
  .strict()
  .default({ limit: 50 });

/** The answer contract as the REST document describes it (contract.ts is the type). */
const factSource = z.object({
  accessionNo: z.string(),
  form: z.string(),
  filedAt: z.string(),
  filedDateUnknown: z.boolean().optional(),
  acceptedAt: z.string().nullable(),
  item: z.string().nullable(),
  row: z.string().nullable(),
  url: z.string().nullable().describe('the filing on sec.gov'),
  viewUrl: z.string().nullable().describe('the filing on our ticker page'),
});
export const answerResponse = z.object({
  text: z.string().describe('lines; citations as [[acc:ACCESSION#ITEM]]'),
  facts: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      value: z.union([z.string(), z.number()]),
      unit: z.string().nullable(),
      source: factSource,
    }),
  ),
  citations: z.array(z.string()),
  asOf: z.string().nullable(),
  coverage: z.object({
    tickers: z.array(z.string()),
    from: z.string().nullable(),
    to: z.string().nullable(),
    filingsScanned: z.number().int(),
  }),
  tier: z.union([z.literal(0), z.literal(1)]),
  degraded: z.string().optional(),
  caveats: z.array(z.string()),
  intent: z.string(),
  suggestions: z.array(z.string()),
  refusal: z.boolean(),
  conversationId: z.string().optional(),
  messageId: z.number().int().optional(),
});
