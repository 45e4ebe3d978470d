import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loadReplaySet } from '../integrations/edgar/replay/replay-set';
import { insertRealFilings, realFilings } from './real-filings';
import { storeReplayFilings } from './replay-filings';

/** EDGAR forms of Apple's and Tesla's submissions JSON the assistant corpus adds (dates, items, stakes). */
const SUBMISSION_FORMS = ['8-K', '10-Q', '10-K', 'SC 13G/A', 'SC 13G', 'NT 10-K', 'NT 10-Q'];

/**
 * The filings the assistant is evaluated on, all real: every recorded filing of the EDGAR replay
 * set stored through the real parse-and-score pipeline, plus Apple's and Tesla's 8-K, 10-Q, 10-K
 * and 13G rows from their SEC submissions JSON (src-server/test/fixtures/watchlist).
 */
export async function seedAssistantCorpus(db: Db): Promise<void> {
  const replay = loadReplaySet();
  await storeReplayFilings(db, replay.map((f) => f.accessionNo));
  const stored = new Set((await db.execute<{ a: string }>(sql`select accession_no as a from filings`)).map((r) => r.a));
  for (const [company, ticker] of [['AAPL', 'AAPL'], ['TSLA', 'TSLA']] as const) {
    const list = realFilings(company, { forms: SUBMISSION_FORMS }).filter((f) => !stored.has(f.accessionNo));
    await insertRealFilings(db, list, {
      ticker,
      importance: (f) => (f.items.includes('5.02') || f.items.includes('4.02') ? 'HIGH' : f.form.startsWith('8-K') ? 'MEDIUM' : 'LOW'),
    });
  }
}
