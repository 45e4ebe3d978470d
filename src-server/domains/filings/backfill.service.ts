/**
 * Backfill: when a company first enters any watchlist, its recent filings come from
 * data.sec.gov submissions JSON (one request), each queued as an ingest job keyed by accession.
 */
import type { Db } from '../../db/client';
import type { EdgarClient } from '../../integrations/edgar/edgar-client';
import { submissionsPath } from '../../integrations/edgar/paths';
import { companyProfile, recentFilings, type SubmissionsJson } from '../../integrations/edgar/submissions';
import { enqueue } from '../../jobs/job';
import { backfillJob, ingestJob, ingestJobKey } from './filings.jobs';
import { upsertCompanyProfile } from '../tickers/tickers.service';
import { BULK_PRIORITY, BULK_QUEUE } from './ingest-queues';
import * as repo from './filings.repo';

export async function enqueueMissingBackfills(db: Db): Promise<number> {
  const ciks = await repo.watchedCiksWithoutBackfill(db);
  for (const cik of ciks) {
    await enqueue(
      db,
      backfillJob,
      { cik },
      {
        jobKey: `backfill:${cik}`,
        jobKeyMode: 'unsafe_dedupe',
        maxAttempts: 8,
        queueName: BULK_QUEUE,
        priority: BULK_PRIORITY,
      },
    );
  }
  return ciks.length;
}

export async function runBackfill(
  db: Db,
  { client, cik, days, now = new Date() }: { client: EdgarClient; cik: number; days: number; now?: Date },
): Promise<{ queued: number }> {
  if (await repo.isBackfilled(db, { cik })) return { queued: 0 };
  const json = await client.getJson<SubmissionsJson>(`${client.dataBaseUrl}${submissionsPath(cik)}`, 'bulk');
  if (!json) {
    await repo.recordBackfill(db, {
      cik,
      status: 'failed',
      filingsQueued: 0,
      error: 'EDGAR has no submissions JSON for this CIK',
    });
    return { queued: 0 };
  }
  const since = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const recent = recentFilings(json, since, now.toISOString().slice(0, 10));
  const stored = await repo.storedAccessions(db, { accessionNos: recent.map((f) => f.accessionNo) });
  const fresh = recent.filter((f) => !stored.has(f.accessionNo));
  await db.transaction(async (tx) => {
    await upsertCompanyProfile(tx, companyProfile(json));
    for (const f of fresh) {
      await enqueue(
        tx,
        ingestJob,
        { ...f, cik, companyName: json.name, source: 'backfill', detectedAt: now.toISOString() },
        {
          jobKey: ingestJobKey(f.accessionNo),
          jobKeyMode: 'unsafe_dedupe',
          // Bulk: one at a time in their own queue and behind live ingests, so a new watchlist's
          // history never holds the job slots or the request budget live filings need.
          queueName: BULK_QUEUE,
          priority: BULK_PRIORITY,
          maxAttempts: 5,
        },
      );
    }
    await repo.recordBackfill(tx, { cik, status: 'done', filingsQueued: fresh.length });
  });
  return { queued: fresh.length };
}
