import { z } from 'zod';
import { adminRow } from './admin-rest';

const none = () => undefined;

export const overviewRest = [
  adminRow({
    procedure: 'admin.overview.get',
    method: 'GET',
    summary:
      'Health: ingestion (last EDGAR request, lag, mode), job queue, dead letters, alert latency 24 h, live sockets, users, MRR, recent errors',
    input: none,
    response: z.looseObject({
      ingestion: z.looseObject({
        mode: z.string(),
        lastRequestAt: z.string().nullable(),
        lastStoredAt: z.string().nullable(),
        stored24h: z.number(),
      }),
      queue: z.looseObject({ ready: z.number(), running: z.number(), scheduled: z.number(), failed: z.number() }),
      deadLetters: z.object({ alerts: z.number(), digests: z.number(), stripeEvents: z.number() }),
      alertLatency24h: z.array(
        z.object({
          channel: z.string(),
          count: z.number(),
          p50Ms: z.number().nullable(),
          p95Ms: z.number().nullable(),
        }),
      ),
      sent24h: z.object({ email: z.number(), sms: z.number(), digests: z.number() }),
      liveSockets: z.number(),
      users: z.object({
        total: z.number(),
        verified: z.number(),
        pro: z.number(),
        paying: z.number(),
        comped: z.number(),
      }),
      mrrUsd: z.number(),
      recentErrors: z.array(z.object({ source: z.string(), what: z.string(), error: z.string(), at: z.string() })),
    }),
  }),
  adminRow({
    procedure: 'admin.stripeSetup.check',
    method: 'GET',
    summary:
      'Billing configuration check: keys, webhook secret, prices by lookup key, last webhook, test/live mode, steps to finish',
    input: none,
    response: z.object({
      mode: z.string(),
      ready: z.boolean(),
      checks: z.array(z.object({ id: z.string(), label: z.string(), ok: z.boolean(), detail: z.string() })),
      lastWebhook: z.looseObject({ type: z.string(), receivedAt: z.string(), result: z.string() }).nullable(),
      signatureFailures7d: z.number(),
      steps: z.array(z.string()),
    }),
  }),
];
