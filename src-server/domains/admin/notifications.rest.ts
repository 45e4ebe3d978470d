import { z } from 'zod';
import { adminRow, pageQuery, pageResponse } from './admin-rest';
import { adminJobDto } from './jobs.rest';

const hours = z.object({ hours: z.coerce.number().int().min(1).max(720).optional() });
const delivery = z.looseObject({
  id: z.number(),
  channel: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  errorCode: z.string().nullable(),
});

export const notificationsRest = [
  adminRow({
    procedure: 'admin.notifications.summary',
    method: 'GET',
    summary: 'Alerts of the last `hours` by channel and status',
    query: hours,
    response: z.object({
      hours: z.number(),
      counts: z.array(z.object({ channel: z.string(), status: z.string(), count: z.number() })),
    }),
  }),
  adminRow({
    procedure: 'admin.notifications.deliveries',
    method: 'GET',
    summary:
      "Deliveries newest first (query: channel, status; status=dead lists dead letters with the provider's error)",
    query: z.object({ ...pageQuery, channel: z.string().max(10).optional(), status: z.string().max(10).optional() }),
    response: pageResponse(delivery),
  }),
  adminRow({
    procedure: 'admin.notifications.providers',
    method: 'GET',
    summary: 'Provider health per channel: adapter, sent, failed, latest error',
    query: hours,
    response: z.object({
      hours: z.number(),
      providers: z.array(
        z.looseObject({
          channel: z.string(),
          adapter: z.string(),
          sent: z.number(),
          counts: z.string(),
          failed: z.number(),
        }),
      ),
    }),
  }),
  adminRow({
    procedure: 'admin.notifications.retry',
    method: 'POST',
    summary: 'Send chosen dead alerts again (body: ids)',
    response: z.object({ requeued: z.number() }),
  }),
  adminRow({
    procedure: 'admin.notifications.retryAll',
    method: 'POST',
    summary: 'Send every dead alert again (a job)',
    response: adminJobDto,
  }),
  adminRow({
    procedure: 'admin.notifications.sendTest',
    method: 'POST',
    summary: "A test email or SMS to the admin's own contact (body: channel)",
    response: z.object({ channel: z.string(), to: z.string(), providerId: z.string() }),
    errors: [400, 401, 403, 409, 503],
  }),
];
