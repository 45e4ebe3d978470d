import { z } from 'zod';
import { IMPORTANCE_LEVELS } from './importance';
import { isoDateTime, text } from './input';

/**
 * Personal API tokens and outbound webhooks (issue #31): the request shapes the REST API, tRPC
 * and the settings page share.
 */

/** Every personal API token starts with this, so a leaked one is recognisable (secret scanners) and never taken for a session. */
export const API_TOKEN_PREFIX = 'fa_pat_';
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** Live (unrevoked) tokens one account may hold. */
export const MAX_API_TOKENS = 20;

export const apiTokenCreateInput = z
  .object({
    name: text().trim().min(1, 'Give the token a name').max(60),
    scope: z.enum(API_TOKEN_SCOPES),
    /** ISO date-time with an offset; absent or null: the token does not expire. */
    expiresAt: isoDateTime().nullish(),
  })
  .strict();
export const idInput = z.object({ id: z.uuid('not a valid id') }).strict();

export const WEBHOOK_FORMATS = ['json', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
/** Hooks one account may hold. */
export const MAX_WEBHOOKS = 10;

export const webhookCreateInput = z
  .object({
    url: text()
      .trim()
      .max(2000)
      .refine((value) => URL.canParse(value), 'Enter a full URL starting with https://'),
    format: z.enum(WEBHOOK_FORMATS),
    /** Lowest importance sent; absent or null: the account's email threshold. */
    minImportance: z.enum(IMPORTANCE_LEVELS).nullish(),
  })
  .strict();
