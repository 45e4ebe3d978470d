/**
 * Who is sending: each process that delivers alerts holds a random 52-bit id as a session
 * advisory lock on a connection of its own. Rows it claims carry the id, so any process can tell
 * a live sender's work (lock held) from a dead one's (PostgreSQL drops the lock the moment the
 * connection dies, e.g. on SIGKILL) and reconcile only the latter.
 *
 * The connection is a dedicated session (db/session.ts), not a reserved pool connection: when the
 * database drops it (a restart, a failover, pg_terminate_backend) the process lives on and takes
 * the same id again at once, so its sends in flight stay its own and no other process sends them
 * a second time (issue 27: a database blip caused 16 duplicates when every id changed).
 */
import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { openSession, type SessionConnection } from '../../db/session';
import { InFlightMarks } from './in-flight-marks';

const HEALTH_CHECK_MS = 5_000;
/** How long the same id is tried again after a loss before a new one is taken. */
const RETAKE_SAME_ID_MS = 30_000;

export interface SenderIdentity {
  /** This process's live id (acquired on first use, taken again if its connection was lost). */
  current(): Promise<number>;
  /** Rows ('alerts:<id>', 'alert_digests:<id>') this process is leasing or sending right now; its
   * own 'sending' rows not in here are stuck. Each add is a hold that its delete ends (InFlightMarks). */
  readonly inFlight: Set<string>;
  release(): Promise<void>;
}

function newId(): number {
  // Above 2^32, so it never meets the int4 keys of hashtext()-based locks.
  return 2 ** 33 + randomInt(0, 2 ** 47);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createSenderIdentity(
  databaseUrl: string,
  options: { healthCheckMs?: number; onRetaken?: (id: number) => void } = {},
): SenderIdentity {
  const inFlight = new InFlightMarks();
  let session: SessionConnection | null = null;
  /** The id and whether this session holds its lock right now. */
  let held: { id: number; locked: boolean } | null = null;
  let acquiring: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let released = false;

  const tryLock = async (id: number) => {
    const [row] = await session!.sql<{ ok: boolean }[]>`select pg_try_advisory_lock(${id}::int8) as ok`;
    return row?.ok === true;
  };

  /** The same id again on the new session; a new id only if the old session still holds it. */
  const retake = async (): Promise<number> => {
    const id = held?.id ?? newId();
    const deadline = Date.now() + RETAKE_SAME_ID_MS;
    while (!released) {
      try {
        if (await tryLock(id)) {
          held = { id, locked: true };
          options.onRetaken?.(id);
          return id;
        }
        // Held elsewhere: the old backend has not seen its client go yet. Wait for it, then give up the id.
        if (Date.now() > deadline) {
          held = { id: newId(), locked: false };
          return retake();
        }
      } catch {
        // The database is away: try again shortly, as long as it takes.
      }
      await sleep(250);
    }
    throw new Error('sender identity released');
  };

  const lockHeld = async (id: number) => {
    const [row] = await session!.sql<{ held: boolean }[]>`
      select exists (select 1 from pg_locks where locktype = 'advisory' and objsubid = 1 and granted
        and pid = pg_backend_pid() and ((classid::int8 << 32) | objid::int8) = ${id}::int8) as held`;
    return row?.held === true;
  };

  const relock = () => {
    if (released || acquiring !== null) return;
    if (held) held.locked = false;
    acquiring = retake().finally(() => {
      acquiring = null;
    });
    acquiring.catch(() => {});
  };

  const start = () => {
    session = openSession(databaseUrl, { name: 'sender identity', onLost: relock });
    // The loss callback covers a closed socket; this covers a session replaced or a lock gone
    // some other way. Every failure is handled here: nothing escapes to the process.
    timer = setInterval(() => {
      const h = held;
      if (!h?.locked || acquiring !== null) return;
      lockHeld(h.id)
        .then((ok) => {
          if (!ok) relock();
        })
        .catch(() => relock());
    }, options.healthCheckMs ?? HEALTH_CHECK_MS);
    timer.unref();
  };

  return {
    inFlight,
    current() {
      if (released) return Promise.reject(new Error('sender identity released'));
      if (held?.locked) return Promise.resolve(held.id);
      if (!session) start();
      acquiring ??= retake().finally(() => {
        acquiring = null;
      });
      return acquiring;
    },
    async release() {
      released = true;
      if (timer) clearInterval(timer);
      await acquiring?.catch(() => {});
      if (held?.locked && session) await session.sql`select pg_advisory_unlock(${held.id}::int8)`.catch(() => {});
      held = null;
      await session?.close();
      session = null;
      // Usable again: a later current() starts a new session with a new id.
      released = false;
    },
  };
}

/** Ids of senders alive in this database, as a subquery for `claimed_by in (...)`. */
export const LIVE_SENDERS: SQL = sql`(
  select (l.classid::int8 << 32) | l.objid::int8 from pg_locks l
  where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
    and l.database = (select oid from pg_database where datname = current_database()))`;
