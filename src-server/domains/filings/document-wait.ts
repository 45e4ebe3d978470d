/**
 * When a detected filing's documents are not on EDGAR yet: when to look again, on the app's clock.
 *
 * EDGAR writes the index page at acceptance and uploads the documents afterwards (median +28 s,
 * max +43 s in the one measured sample; the feed lists a filing about 1 s after its `.txt`:
 * research/edgar-latency.md §1), so a live detection rarely finds them missing, and when it does
 * they usually come within seconds. The ingest job does not hold a job slot while it waits: it
 * puts itself back in the queue to run again after a short delay (1 s for the first 20 s, then
 * 2 s), so the filing is stored within about a delay of its documents appearing, and other jobs
 * run meanwhile. After WAIT_LIMIT_MS of waiting it stops rescheduling and fails as any job
 * does (decision 206).
 */

/** Look again 1 s apart while the wait is young (documents usually land within seconds)... */
export const FIRST_DELAY_MS = 1_000;
const FIRST_PHASE_MS = 20_000;
/** ...then every 2 s: each check costs one or two requests of the shared budget. */
export const LATER_DELAY_MS = 2_000;
/**
 * The longest wait: 3 minutes covers the slowest upload measured (+43 s after acceptance) and a
 * large 10-K's +2 min 16 s to the feed, with room. About 100 checks, one or two requests each, at
 * the budget's safety-net priority: the feed and first fetches of live filings keep their slots.
 */
export const WAIT_LIMIT_MS = 3 * 60_000;

export interface DocumentWait {
  /** When the first check found no documents (app clock, ISO). */
  since: string;
  /** Checks made so far. */
  checks: number;
}

/**
 * The next check after one that found nothing at `now` (app clock): its delay and the wait state
 * to carry, or null when the wait has run its course.
 */
export function nextDocumentCheck(
  wait: DocumentWait | null,
  now: number,
): { delayMs: number; wait: DocumentWait } | null {
  const parsed = wait ? Date.parse(wait.since) : NaN;
  const since = Number.isFinite(parsed) ? parsed : now;
  const waited = Math.max(0, now - since);
  if (waited >= WAIT_LIMIT_MS) return null;
  const delayMs = Math.min(waited < FIRST_PHASE_MS ? FIRST_DELAY_MS : LATER_DELAY_MS, WAIT_LIMIT_MS - waited);
  return { delayMs, wait: { since: new Date(since).toISOString(), checks: (wait?.checks ?? 0) + 1 } };
}
