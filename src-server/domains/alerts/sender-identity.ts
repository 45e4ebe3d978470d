/**
 * Who is sending: each process that delivers alerts holds a random 52-bit id as a session
 * advisory lock on a connection of its own. Rows it claims carry the id, so any process can tell
 * a live sender's work (lock held) from a dead one's (PostgreSQL drops the lock the moment the
 * connection dies, e.g. on SIGKILL) and reconcile only the latter.
 */
import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Sql } from '../../db/client';

const HEALTH_CHECK_MS = 5_000;

export interface SenderIdentity {
  /** This process's live id (acquired on first use, replaced if its connection was lost). */
  current(): Promise<number>;
  /** Rows ('alerts:<id>', 'alert_digests:<id>') this process is sending right now; its own
   * 'sending' rows not in here are stuck. */
  readonly inFlight: Set<string>;
  release(): Promise<void>;
}

function newId(): number {
  // Above 2^32, so it never meets the int4 keys of hashtext()-based locks.
  return 2 ** 33 + randomInt(0, 2 ** 47);
}

export function createSenderIdentity(pool: Sql): SenderIdentity {
  let held: { id: number; conn: Awaited<ReturnType<Sql['reserve']>>; timer: NodeJS.Timeout } | null = null;
  let acquiring: Promise<number> | null = null;
  const inFlight = new Set<string>();

  const drop = (id: number) => {
    if (held?.id !== id) return;
    clearInterval(held.timer);
    held.conn.release();
    held = null;
  };

  const acquire = async () => {
    const conn = await pool.reserve();
    const id = newId();
    await conn`select pg_advisory_lock(${id}::int8)`;
    // A reserved connection that broke and reconnected answers queries without the lock: ask
    // for the lock itself, and take a new id when it is gone.
    const timer = setInterval(() => {
      conn<{ held: boolean }[]>`
        select exists (select 1 from pg_locks where locktype = 'advisory' and objsubid = 1 and granted
          and pid = pg_backend_pid() and ((classid::int8 << 32) | objid::int8) = ${id}::int8) as held`
        .then(([row]) => {
          if (!row?.held) drop(id);
        })
        .catch(() => drop(id));
    }, HEALTH_CHECK_MS);
    timer.unref();
    held = { id, conn, timer };
    return id;
  };

  return {
    inFlight,
    current() {
      if (held) return Promise.resolve(held.id);
      acquiring ??= acquire().finally(() => {
        acquiring = null;
      });
      return acquiring;
    },
    async release() {
      await acquiring?.catch(() => {});
      if (!held) return;
      const { conn, id } = held;
      await conn`select pg_advisory_unlock(${id}::int8)`.catch(() => {});
      drop(id);
    },
  };
}

/** Ids of senders alive in this database, as a subquery for `claimed_by in (...)`. */
export const LIVE_SENDERS: SQL = sql`(
  select (l.classid::int8 << 32) | l.objid::int8 from pg_locks l
  where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
    and l.database = (select oid from pg_database where datname = current_database()))`;
