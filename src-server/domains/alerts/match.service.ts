/** Matching stored filings to their watchers (see match.repo.ts for the statement itself). */
import type { Db } from '../../db/client';
import { CATCH_UP_HOURS } from './alerts.config';
import { linkFiling } from '../threads/threads.service';
import * as repo from './match.repo';

export type { MatchOutcome } from './match.repo';

export function matchFiling(
  db: Db,
  params: { filingId: number; burstGatherSeconds?: number },
): Promise<repo.MatchOutcome> {
  return repo.matchFiling(db, params);
}

/**
 * Filings stored while no process listened (every worker down, a dropped LISTEN connection) are
 * matched here, oldest first. Older ones are history by the time anyone would read the alert.
 */
export async function matchMissedFilings(
  db: Db,
  { limit = 500, burstGatherSeconds = 0 }: { limit?: number; burstGatherSeconds?: number } = {},
): Promise<number> {
  let alerts = 0;
  for (const filingId of await repo.unmatchedFilingIds(db, { withinHours: CATCH_UP_HOURS, limit })) {
    await linkFiling(db, { filingId });
    alerts += (await repo.matchFiling(db, { filingId, burstGatherSeconds })).alerts;
  }
  return alerts;
}
