import { z } from 'zod';
import { restTable } from '../../transport/rest/plugin';
import { restTickerParams } from '../ticker-pages/ticker-pages.schemas';

const threadFiling = z.object({
  id: z.number(),
  accession_no: z.string(),
  form: z.string(),
  form_name: z.string(),
  filed_at: z.string(),
  filed_date_unknown: z.boolean(),
  importance: z.string(),
  one_liner: z.string(),
  link: z.string().nullable(),
});

const threadLink = z.object({
  id: z.number(),
  kind: z.string(),
  from_id: z.number(),
  to_id: z.number(),
  why: z.string(),
  fields: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
});

export const tickerThreads = z.object({
  ticker: z.string(),
  threads: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(['open', 'closed']).nullable(),
      filings: z.array(threadFiling),
      links: z.array(threadLink),
      updated_at: z.string(),
    }),
  ),
  deadlines: z.array(
    z.object({
      id: z.number(),
      form: z.string(),
      period_end: z.string(),
      due_on: z.string(),
      status: z.string(),
      notice_filing_id: z.number().nullable(),
    }),
  ),
});

/** GET /api/ticker/:ticker/threads: threads.forTicker for scripts (no login, like the ticker page's public parts). */
export const threadsRest = restTable([
  {
    method: 'GET',
    path: '/ticker/:ticker/threads',
    procedure: 'threads.forTicker',
    tag: 'ticker pages',
    summary: "The company's story threads (newest first, each link with why it was made) and its open report deadlines",
    params: restTickerParams,
    input: ({ params }) => ({ ticker: params.ticker }),
    response: tickerThreads,
    errors: [404],
  },
]);
