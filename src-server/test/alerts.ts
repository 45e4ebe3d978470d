/** Helpers for alert and live tests: tickers, follows, real filings stored through ingest, workers. */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { Database, Db } from '../db/client';
import type { AppDeps } from '../deps';
import { alertTasks } from '../domains/alerts/alerts.tasks';
import { startAlerts } from '../domains/alerts/alerts.workers';
import { storeParsedFiling } from '../domains/filings/filings.service';
import { parseFiling, type ParseHints } from '../edgar-model/parse';
import { indexPagePath } from '../integrations/edgar/paths';
import { startJobRunner } from '../jobs/runner';
import { testEnv } from './app';
import { createTestDeps } from './deps';
import { edgarFixture } from './edgar-fixtures';
import { createSignedInUser } from './users';

/** SEC's company_tickers.json rows for the companies of the real filings the tests store. */
export async function seedTickers(db: Db): Promise<void> {
  await db.execute(sql`insert into tickers (ticker, cik, name) values
    ('AAPL', 320193, 'Apple Inc.'), ('TSLA', 1318605, 'Tesla, Inc.'),
    ('GOOGL', 1652044, 'Alphabet Inc.'), ('GOOG', 1652044, 'Alphabet Inc.')
    on conflict do nothing`);
}

export async function follow(
  db: Db,
  { userId, ticker, forms }: { userId: string; ticker: string; forms: string[] },
): Promise<void> {
  await db.execute(sql`
    insert into watchlist_items (user_id, ticker, forms) values (${userId}, ${ticker}, ${sql.param(forms)}::text[])
    on conflict (user_id, ticker) do update set forms = excluded.forms`);
}

export const proUser = (db: Db, values: { email?: string; phone?: string } = {}) =>
  createSignedInUser(db, { ...values, planType: 'pro', planStatus: 'active' });

/** A real EDGAR document parsed, scored and stored by the ingest pipeline (NOTIFY included). */
export async function storeFixture(db: Db, name: string, hints: ParseHints = {}): Promise<number> {
  const parsed = parseFiling(edgarFixture(name), hints);
  const cik = parsed.company?.cik;
  const indexUrl = cik && parsed.accessionNo ? `https://www.sec.gov${indexPagePath(cik, parsed.accessionNo)}` : null;
  const { id } = await storeParsedFiling(db, { parsed, meta: { source: 'manual', indexUrl } });
  return id;
}

/** Real filings the tests store: TSLA Form 4 (MEDIUM), AAPL 8-K, GOOG Form 4. */
export const FIXTURES = {
  teslaForm4: { name: '0000899243-22-035394_tsla_musk_S_9_rows.txt', hints: {} },
  apple8k: { name: '0001193125-19-292676_aapl_8.01_9.01.txt', hints: {} },
  googForm4: { name: 'goog_brin_2022-04-13_S_indirect.xml', hints: { accessionNo: '0001209191-22-024552' } },
} as const;

export function alertsDeps(database: Database, env: Record<string, string> = {}): AppDeps {
  return createTestDeps({
    // Bursts gather nothing unless a test asks: its filings of one company are stored seconds apart.
    env: testEnv({
      PUBLIC_URL: 'https://alerts.example',
      MAIL_FROM: 'Filing Alerts <alerts@alerts.test>',
      ALERT_BURST_GATHER_SECONDS: '0',
      ...env,
    }),
    database,
  });
}

/**
 * Routes the deps' error log into the returned array: background steps (the sweep, the matcher)
 * log failures and carry on, so a test asserts the array stays empty.
 */
export function captureErrors(deps: AppDeps): string[] {
  const errors: string[] = [];
  deps.logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
  return errors;
}

/** The alerts worker and a job runner with the alert tasks, as a worker process runs them. */
export async function startDelivery(deps: AppDeps): Promise<{ stop(): Promise<void> }> {
  const alerts = await startAlerts(deps);
  const runner = await startJobRunner(deps, alertTasks, { concurrency: 4, pollIntervalMs: 50 });
  return {
    async stop() {
      await runner.stop();
      await alerts.stop();
      await deps.senderIdentity.release();
    },
  };
}
