import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { registerRestTable, type RestScope } from '../../transport/rest/table';
import { userDto } from '../../transport/rest/response-schemas';
import { activityRest } from './activity.rest';
import { duplicatesRest } from './duplicates.rest';
import { feedbackRest } from './feedback.rest';
import { filingsRest } from './filings.rest';
import { insidersRest } from './insiders.rest';
import { jobsRest } from './jobs.rest';
import { messageTemplatesRest } from './message-templates.rest';
import { notificationsRest } from './notifications.rest';
import { themeRest } from './theme.rest';
import { tickersRest } from './tickers.rest';
import { adminRow } from './admin-rest';
import { overviewRest } from './overview.rest';
import { usersRest } from './users.rest';

/** Rows for the admin procedures that predate the console's sections. */
const baseRows = [
  adminRow({
    procedure: 'admin.me',
    method: 'GET',
    summary: 'The admin behind the bearer credential',
    input: () => undefined,
    response: userDto,
  }),
  adminRow({
    procedure: 'admin.deadAlerts',
    method: 'GET',
    summary: 'Dead-letter alerts (out of attempts or refused for good), newest first',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).optional(),
      beforeId: z.coerce.number().int().positive().optional(),
    }),
    response: z.looseObject({ alerts: z.array(z.looseObject({ id: z.number(), channel: z.string() })) }),
  }),
  adminRow({
    procedure: 'admin.retryDeadAlerts',
    method: 'POST',
    summary: 'Send dead alerts again with fresh attempts (body: ids)',
    response: z.looseObject({}),
  }),
  adminRow({
    procedure: 'admin.alertLatency',
    method: 'GET',
    summary: 'Delivery latency percentiles per stage and channel over the last `hours`',
    query: z.object({ hours: z.coerce.number().int().min(1).max(720).optional() }),
    response: z.object({
      hours: z.number(),
      stages: z.array(z.looseObject({ stage: z.string(), channel: z.string().nullable() })),
    }),
  }),
  adminRow({
    procedure: 'admin.aiFeedback',
    method: 'GET',
    summary: 'Thumbs up/down on AI analyses, newest first, with totals',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).optional(),
      before: z.string().max(40).optional(),
      vote: z.enum(['up', 'down']).optional(),
    }),
    response: z.looseObject({}),
  }),
  adminRow({
    procedure: 'admin.assistantFeedback',
    method: 'GET',
    summary: 'Thumbs up/down on filing-assistant answers, newest first',
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
    response: z.looseObject({}),
  }),
  adminRow({
    procedure: 'admin.undoThreadLink',
    method: 'POST',
    summary: 'Undo a story-thread link (body: linkId)',
    response: z.looseObject({}),
  }),
  adminRow({
    procedure: 'admin.emailTemplates',
    method: 'GET',
    summary: 'The email templates with their variables',
    input: () => undefined,
    response: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  }),
  adminRow({
    procedure: 'admin.previewEmailTemplate',
    method: 'GET',
    summary: 'A template rendered with its sample of real filings (query: id)',
    query: z.object({ id: z.string().max(40) }),
    response: z.looseObject({ subject: z.string(), html: z.string(), text: z.string() }),
    errors: [400, 401, 403, 404],
  }),
];

/**
 * Every admin procedure as REST under /api/admin/* (bearer admin session). Each section adds its
 * own `<section>.rest.ts` and one line below (A-Z).
 */
export const ADMIN_REST = [
  ...baseRows,
  ...activityRest,
  ...duplicatesRest,
  ...feedbackRest,
  ...filingsRest,
  ...insidersRest,
  ...jobsRest,
  ...messageTemplatesRest,
  ...notificationsRest,
  ...overviewRest,
  ...themeRest,
  ...tickersRest,
  ...usersRest,
];

/** Registered by the REST plugin (no import of the plugin here: test helpers import ADMIN_REST). */
export function adminRest(app: FastifyInstance, _deps: unknown, scope: RestScope): void {
  registerRestTable(app, scope, ADMIN_REST);
}
