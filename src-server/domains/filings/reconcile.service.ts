/**
 * Nightly reconciliation, after EDGAR publishes the day's master index (about 22:45 ET): what
 * EDGAR disseminated that day against what we had detected. Two lists: the daily index (every
 * filing of the day) and each watched company's submissions JSON. What we missed is queued then
 * (bulk, behind live work) and named in `edgar_reconciliations`, whose detected/listed is recall.
 */
import type { Clock } from '../../clock';
import { addDays, isBusinessDay, nyDate, nyInstant } from '#shared/us-calendar';
import type { Db } from '../../db/client';
import { dailyIndexPath, parseMasterIndex } from '../../integrations/edgar/daily-index';
import type { EdgarClient } from '../../integrations/edgar/edgar-client';
import { submissionsPath } from '../../integrations/edgar/paths';
import { recentFilings, type SubmissionsJson } from '../../integrations/edgar/submissions';
import type { Detected } from './filings.jobs';
import * as repo from './filings.repo';

/** Run at 22:50 ET, five minutes after the index usually appears; days up to 3 back are caught up. */
const RUN_AT_S = 22 * 3600 + 50 * 60;
const CATCH_UP_DAYS = 3;

type Enqueue = (filings: Detected[]) => Promise<void>;

async function stored(db: Db, accessionNos: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < accessionNos.length; i += 1000) {
    for (const a of await repo.storedAccessions(db, { accessionNos: accessionNos.slice(i, i + 1000) })) out.add(a);
  }
  return out;
}

/** The day's master index; false while EDGAR has not published it. */
export async function reconcileDailyIndex(
  db: Db,
  { client, clock, day, enqueue }: { client: EdgarClient; clock: Clock; day: string; enqueue: Enqueue },
): Promise<boolean> {
  const res = await client.get(dailyIndexPath(day), { priority: 'bulk' });
  if (res.status === 404) return false;
  const byAccession = new Map<string, ReturnType<typeof parseMasterIndex>[number]>();
  for (const row of parseMasterIndex(res.text))
    if (!byAccession.has(row.accessionNo)) byAccession.set(row.accessionNo, row);
  const have = await stored(db, [...byAccession.keys()]);
  const missed = [...byAccession.values()].filter((r) => !have.has(r.accessionNo));
  const detectedAt = new Date(clock.now());
  await enqueue(
    missed.map((r) => ({
      accessionNo: r.accessionNo,
      cik: r.cik,
      formType: r.formType,
      companyName: r.companyName,
      filedDate: day,
      detectedAt,
      via: 'daily_index',
    })),
  );
  await repo.recordReconciliation(db, {
    day,
    source: 'daily_index',
    listed: byAccession.size,
    detectedBefore: byAccession.size - missed.length,
    missed: missed.map((r) => r.accessionNo),
  });
  return true;
}

/** Each watched company's submissions JSON: its filings dated `day`. */
export async function reconcileSubmissions(
  db: Db,
  { client, clock, day, enqueue }: { client: EdgarClient; clock: Clock; day: string; enqueue: Enqueue },
): Promise<void> {
  const listed: Detected[] = [];
  for (const cik of await repo.watchedCiks(db)) {
    const json = await client.getJson<SubmissionsJson>(`${client.dataBaseUrl}${submissionsPath(cik)}`, 'bulk');
    if (!json) continue;
    const detectedAt = new Date(clock.now());
    for (const f of recentFilings(json, day, day)) {
      listed.push({
        accessionNo: f.accessionNo,
        cik,
        formType: f.formType,
        companyName: json.name,
        filedDate: f.filedDate,
        detectedAt,
        via: 'submissions',
      });
    }
  }
  const unique = [...new Map(listed.map((f) => [f.accessionNo, f])).values()];
  const have = await stored(
    db,
    unique.map((f) => f.accessionNo),
  );
  const missed = unique.filter((f) => !have.has(f.accessionNo));
  await enqueue(missed);
  await repo.recordReconciliation(db, {
    day,
    source: 'submissions',
    listed: unique.length,
    detectedBefore: unique.length - missed.length,
    missed: missed.map((f) => f.accessionNo),
  });
}

/** Business days whose 22:50 ET has passed (up to three back) and that are not reconciled yet. */
export function dueDays(now: number): string[] {
  const days: string[] = [];
  const today = nyDate(now);
  for (let back = CATCH_UP_DAYS; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    if (isBusinessDay(day) && now >= nyInstant(day, RUN_AT_S)) days.push(day);
  }
  return days;
}

export async function runDueReconciliations(
  db: Db,
  { client, clock, enqueue }: { client: EdgarClient; clock: Clock; enqueue: Enqueue },
): Promise<void> {
  for (const day of dueDays(clock.now())) {
    if (!(await repo.reconciled(db, { day, source: 'daily_index' }))) {
      const done = await reconcileDailyIndex(db, { client, clock, day, enqueue });
      if (!done) continue;
    }
    if (!(await repo.reconciled(db, { day, source: 'submissions' })))
      await reconcileSubmissions(db, { client, clock, day, enqueue });
  }
}
