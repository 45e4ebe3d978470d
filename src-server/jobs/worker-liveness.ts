/**
 * Jobs of a killed process: graphile-worker locks a job with its worker's id and frees it when the
 * job ends, but a worker killed mid-job (kill -9, an OOM kill, a lost machine) frees nothing, and
 * graphile only retries a lock after four hours. An ingest locked that way was a filing missing
 * for four hours (the scale-out test: 3 of 30 filings after a kill mid-burst).
 *
 * So each job runner holds, on a session of its own, one advisory lock per graphile worker it
 * runs, keyed by the worker's id. PostgreSQL drops the locks the moment that session dies, so a
 * job locked by a worker whose lock nobody holds belongs to a dead process, and the cluster sweep
 * hands its workers to `force_unlock_workers` (the job runs again: handlers are idempotent; decision 329).
 */
import { sql } from 'drizzle-orm';
import { sleepReal } from '../clock';
import type { Db, Sql } from '../db/client';
import { openSession, type SessionConnection } from '../db/session';

/** The advisory lock's first key: 'JOBW'. The second is the first 32 bits of the worker's random id. */
export const NAMESPACE = 0x4a4f4257;
/** graphile-worker's own ids: 'worker-' and 18 random hex digits. */
const WORKER_ID = /^worker-([0-9a-f]{8})[0-9a-f]{10}$/;
/**
 * A job locked this recently is left alone even without a lock holder: a runner takes its
 * workers' locks just after graphile starts them (milliseconds), and takes them again after a
 * database blip (retried every 250 ms). 10 s covers both with room; it was 30 s, and every alert a
 * killed sender held then waited 30-45 s, long enough to hide a database drop right after the kill
 * in the scale-out run (decision 329).
 */
export const ABANDONED_AFTER_SECONDS = 10;

const keyOf = (workerId: string): number | null => {
  const m = WORKER_ID.exec(workerId);
  return m ? Number.parseInt(m[1]!, 16) | 0 : null;
};

/**
 * Frees a worker's lock only where this session holds it: after a lost session (its locks gone with it) the locks are
 * taken again in the background, and a worker that stops before then has no lock to free. A plain `pg_advisory_unlock`
 * there puts PostgreSQL's "you don't own a lock of type ExclusiveLock" warning in the log, as some quick Ctrl-C stops did.
 */
export function unlockIfHeld(session: Sql, key: number) {
  return session`
    select pg_advisory_unlock(${NAMESPACE}::int4, ${key}::int4) from pg_locks
    where locktype = 'advisory' and objsubid = 2 and granted and pid = pg_backend_pid()
      and classid::int8 = ${NAMESPACE} and objid::int8 = (${key}::int8 & 4294967295)`;
}

export interface WorkerLiveness {
  /** This process runs `workerId` from now on (graphile's 'worker:create'). */
  hold(workerId: string): void;
  /** The worker stopped (graphile's 'worker:stop'). */
  drop(workerId: string): void;
  close(): Promise<void>;
}

export function createWorkerLiveness(databaseUrl: string, onError: (err: unknown) => void): WorkerLiveness {
  const held = new Map<string, number>();
  let closed = false;
  let session: SessionConnection | null = null;
  const lock = (key: number) =>
    session!.sql`select pg_advisory_lock(${NAMESPACE}::int4, ${key}::int4)`.then(() => undefined);
  // After a lost session every lock is gone: take them all again on the new one, as long as it takes.
  const relockAll = async () => {
    while (!closed) {
      try {
        for (const key of held.values()) await lock(key);
        return;
      } catch {
        await sleepReal(250);
      }
    }
  };
  session = openSession(databaseUrl, {
    name: 'job workers',
    onLost: () => void relockAll().catch(onError),
  });
  return {
    hold(workerId) {
      const key = keyOf(workerId);
      if (key === null || closed) return;
      held.set(workerId, key);
      lock(key).catch(() => void relockAll().catch(onError));
    },
    drop(workerId) {
      const key = held.get(workerId);
      held.delete(workerId);
      if (key === undefined || closed) return;
      unlockIfHeld(session!.sql, key).catch(() => {});
    },
    async close() {
      closed = true;
      await session?.close();
      session = null;
    },
  };
}

/**
 * How long a worker must stay without its lock, between two looks, before its jobs are freed. The
 * grace above counts from when the job was locked, not from when the lock went missing: a live
 * process whose liveness session is being re-opened (a failover, a restart: `relockAll` retries
 * every 250 ms once the database answers) has no lock for a moment, and one look in that moment
 * would free every job it has run for more than the grace, to run a second time beside it.
 */
export const CONFIRM_MISSING_MS = 5_000;

/** Workers locking a job for over ABANDONED_AFTER_SECONDS whose liveness lock no session holds. */
async function lockless(db: Db): Promise<Map<string, number>> {
  const rows = await db.execute<{ locked_by: string; jobs: number }>(sql`
    select j.locked_by, count(*)::int as jobs from graphile_worker._private_jobs j
    where j.locked_by ~ ${WORKER_ID.source}
      and j.locked_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})
      and not exists (
        select 1 from pg_locks l
        where l.locktype = 'advisory' and l.objsubid = 2 and l.granted
          and l.database = (select oid from pg_database where datname = current_database())
          and l.classid::int8 = ${NAMESPACE}
          and l.objid::int8 = (('x' || substr(j.locked_by, 8, 8))::bit(32)::int8 & 4294967295))
    group by j.locked_by`);
  return new Map(rows.map((r) => [r.locked_by, r.jobs]));
}

/**
 * Frees the jobs of workers that are gone: seen without their liveness lock twice,
 * `confirmAfterMs` apart. Returns how many jobs were freed.
 */
export async function unlockAbandonedJobs(db: Db, { confirmAfterMs = CONFIRM_MISSING_MS } = {}): Promise<number> {
  const first = await lockless(db);
  if (first.size === 0) return 0;
  await sleepReal(confirmAfterMs);
  const gone = [...(await lockless(db))].filter(([workerId]) => first.has(workerId));
  if (gone.length === 0) return 0;
  const ids = sql.join(
    gone.map(([workerId]) => sql`${workerId}`),
    sql`, `,
  );
  await db.execute(sql`select graphile_worker.force_unlock_workers(array[${ids}]::text[])`);
  return gone.reduce((n, [, jobs]) => n + jobs, 0);
}
