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
  await storeReplayFilings(
    db,
    replay.map((f) => f.accessionNo),
  );
  const stored = new Set((await db.execute<{ a: string }>(sql`select accession_no as a from filings`)).map((r) => r.a));
  for (const [company, ticker] of [
    ['AAPL', 'AAPL'],
    ['TSLA', 'TSLA'],
  ] as const) {
    const list = realFilings(company, { forms: SUBMISSION_FORMS }).filter((f) => !stored.has(f.accessionNo));
    await insertRealFilings(db, list, {
      ticker,
      importance: (f) =>
        f.items.includes('5.02') || f.items.includes('4.02') ? 'HIGH' : f.form.startsWith('8-K') ? 'MEDIUM' : 'LOW',
    });
  }
}

/** The golden set's people: watchlists and alert receipts on the corpus's real filings. */
export const GOLDEN_USERS = {
  alice: {
    email: 'alice@example.com',
    watchlist: ['TSLA', 'AAPL'],
    alerted: ['0000950170-25-003585', '0000899243-22-035394'],
  },
  bob: { email: 'bob@example.com', watchlist: ['NVDA', 'GOOG'], alerted: ['0001045810-23-000128'] },
  carol: { email: 'carol@example.com', watchlist: [] as string[], alerted: [] as string[] },
} as const;
export type GoldenUser = keyof typeof GOLDEN_USERS;

/** Creates the golden users (PRO), their watchlists and their sent email alerts; returns user ids by name. */
export async function seedGoldenUsers(db: Db): Promise<Record<GoldenUser, string>> {
  const ids = {} as Record<GoldenUser, string>;
  for (const [name, spec] of Object.entries(GOLDEN_USERS) as [GoldenUser, (typeof GOLDEN_USERS)[GoldenUser]][]) {
    const [user] = await db.execute<{ id: string }>(sql`
      insert into users (email, email_verified_at, plan_type, plan_status, notify_via) values (${spec.email}, now(), 'pro', 'active', '{email}') returning id`);
    ids[name] = user!.id;
    for (const ticker of spec.watchlist)
      await db.execute(
        sql`insert into watchlist_items (user_id, ticker, forms) values (${user!.id}::uuid, ${ticker}, '{8-K,4,10-Q,10-K,13G}')`,
      );
    for (const accessionNo of spec.alerted) {
      // Queued two minutes after EDGAR accepted the filing and sent 9 seconds later (a recorded receipt shape).
      await db.execute(sql`
        update filings set detected_at = coalesce(accepted_at, filed_at) + interval '45 seconds' where accession_no = ${accessionNo};
      `);
      await db.execute(sql`
        insert into alerts (user_id, filing_id, channel, status, created_at, sent_at)
        select ${user!.id}::uuid, id, 'email', 'sent', coalesce(accepted_at, filed_at) + interval '2 minutes', coalesce(accepted_at, filed_at) + interval '129 seconds'
        from filings where accession_no = ${accessionNo}`);
    }
  }
  return ids;
}
