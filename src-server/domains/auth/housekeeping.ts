import type { Db } from '../../db/client';
import { repeatEvery, type WorkerStarter } from '../../jobs/workers';
import { pruneInboundMessages } from './contacts.repo';
import { pruneLoginSecrets } from './login.repo';
import { LONGEST_WINDOW_SECONDS } from './rate-limit';
import { pruneRateLimitHits } from './rate-limit.repo';
import { deleteDeadSessions, deleteUnreachableAnonymousUsers } from './session.repo';
import { SESSION_IDLE_MS } from './session.service';

const IDLE_DAYS = SESSION_IDLE_MS / (24 * 60 * 60 * 1000);
const EVERY_MS = 60 * 60 * 1000;

/** Removes what can no longer be used: spent codes and links, old rate-limit hits, dead sessions and unreachable anonymous users. */
export async function pruneAuthData(db: Db): Promise<{ sessions: number; anonymousUsers: number }> {
  await pruneLoginSecrets(db);
  await pruneInboundMessages(db, { olderThanDays: 30 });
  await pruneRateLimitHits(db, { olderThanSeconds: LONGEST_WINDOW_SECONDS });
  const anonymousUsers = await deleteUnreachableAnonymousUsers(db, { idleDays: IDLE_DAYS });
  const sessions = await deleteDeadSessions(db, { idleDays: IDLE_DAYS, graceDays: 30 });
  return { sessions, anonymousUsers };
}

/** Hourly in every app process; the deletes are idempotent, so several processes may overlap. */
export const startAuthHousekeeping: WorkerStarter = async (deps) => {
  const run = () =>
    pruneAuthData(deps.db).then(
      (counts) => deps.logger?.debug(counts, 'auth housekeeping done'),
      (err: unknown) => deps.logger?.error({ err }, 'auth housekeeping failed'),
    );
  return repeatEvery(run, { firstMs: 60_000, everyMs: EVERY_MS });
};
