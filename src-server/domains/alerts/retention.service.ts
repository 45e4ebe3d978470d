/**
 * Alert retention (issue 27: alert rows grew forever): alerts and digests older than
 * ALERT_RETENTION_DAYS are deleted in batches, once an hour across the cluster (the sweep asks;
 * one process takes the turn). Rows still queued or sending are never deleted.
 */
import { takeTurn } from '../../db/claims';
import type { AppDeps } from '../../deps';
import { deleteAlertsBefore, deleteDigestsBefore } from './retention.repo';

const EVERY_MS = 60 * 60_000;
const BATCH = 5_000;
/** At most this many batches a turn, so one turn never holds the sweep for long. */
const MAX_BATCHES = 40;

export async function pruneOldAlerts(
  deps: Pick<AppDeps, 'db' | 'env' | 'logger'>,
  options: { force?: boolean } = {},
): Promise<{ alerts: number; digests: number }> {
  const deleted = { alerts: 0, digests: 0 };
  if (!options.force && !(await takeTurn(deps.db, 'alerts-retention', EVERY_MS))) return deleted;
  // The system clock, not deps.clock: created_at is the database's now() (bench:detect simulates the app's).
  const cutoff = new Date(Date.now() - deps.env.ALERT_RETENTION_DAYS * 86_400_000);
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await deleteAlertsBefore(deps.db, { cutoff, batch: BATCH });
    deleted.alerts += n;
    if (n < BATCH) break;
  }
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await deleteDigestsBefore(deps.db, { cutoff, batch: BATCH });
    deleted.digests += n;
    if (n < BATCH) break;
  }
  if (deleted.alerts + deleted.digests > 0)
    deps.logger?.info({ ...deleted, retentionDays: deps.env.ALERT_RETENTION_DAYS }, 'old alerts deleted');
  return deleted;
}
