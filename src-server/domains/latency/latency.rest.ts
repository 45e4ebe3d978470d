import { z } from 'zod';
import { restTable } from '../../transport/rest/plugin';

const figures = z.object({ p50_s: z.number().nullable(), p95_s: z.number().nullable() });
const window = z.object({
  hours: z.number(),
  filings: z.number(),
  accept_to_detect: figures,
  by_layer: z.record(z.string(), z.number()),
  detect_to_delivered: z.record(z.string(), figures.extend({ n: z.number() })),
  /** Email/SMS: detection -> the provider took the request; `delivered` of them have a delivered time, `not_delivered` were reported undelivered/failed. */
  detect_to_sent: z.record(
    z.string(),
    figures.extend({ n: z.number(), delivered: z.number(), not_delivered: z.number() }),
  ),
});
const receipt = z.object({
  accepted_at: z.string().nullable(),
  listed_after: z.string().nullable(),
  detected_at: z.string().nullable(),
  stored_at: z.string().nullable(),
  detected_via: z.string().nullable(),
});
const report = z.object({
  mode: z.enum(['live', 'replay']),
  notice: z.string().nullable(),
  generated_at: z.string(),
  windows: z.object({ '24h': window, '7d': window }),
  histogram_7d: z.array(z.object({ lo_s: z.number(), hi_s: z.number().nullable(), count: z.number() })),
  worst_7d: z.array(
    z.object({
      id: z.number(),
      accession_no: z.string(),
      ticker: z.string().nullable(),
      company_name: z.string().nullable(),
      form: z.string(),
      seconds: z.number().nullable(),
      receipt,
      reason: z.string(),
    }),
  ),
  recall: z.array(
    z.object({
      day: z.string(),
      source: z.string(),
      listed: z.number(),
      detected_before: z.number(),
      recall: z.number().nullable(),
    }),
  ),
});

/** GET /api/latency, as latency.report: the public latency receipts (no sign-in). */
export const latencyRest = restTable([
  {
    method: 'GET',
    path: '/latency',
    procedure: 'latency.report',
    tag: 'latency',
    summary:
      'How far behind EDGAR we are, measured: 24 h / 7 d acceptance -> detection, detection -> sent and -> delivered per channel (SMS: carrier receipt via Twilio; email: SMTP server acceptance, not inbox arrival), the slowest with reasons, recall',
    input: () => undefined,
    response: report,
  },
]);
