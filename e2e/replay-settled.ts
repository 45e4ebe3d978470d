import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/**
 * Waits until the app's workers have stored what the EDGAR replay released: the filings a test
 * names (`ready`) are there and the number of stored filings has not moved for three polls in a
 * row. A test that counts cards before then races the ingest (on a loaded CI machine the replay
 * took over a minute, and a page counted mid-ingest disagreed with itself a moment later).
 */
export async function replaySettled(db: Db, ready: () => Promise<boolean>, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let steady = 0;
  while (Date.now() < deadline) {
    const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from filings`);
    const stored = row?.n ?? 0;
    steady = stored === last ? steady + 1 : 0;
    last = stored;
    if (steady >= 3 && (await ready())) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the replayed filings did not settle within ${timeoutMs / 1000} s (${last} stored)`);
}
