/**
 * One-of-many work (the EDGAR feed poller, the quote refresher, cluster-wide sweeps): the process
 * holding a session advisory lock on a session connection of its own is the leader; the others
 * try again every `retryMs`.
 *
 * Liveness (issue 27): the lock lives as long as its session, so the leader watches the session.
 * A lost connection (the database restarted, failed over or terminated the backend) steps down at
 * once; a lock check every `checkMs` that says "not held", fails or does not answer within
 * `checkMs` steps down too. A new leader waits `handoverMs` after taking the lock before it starts,
 * so an old leader that lost its session has stepped down first: one leader at a time.
 */
import { sleepReal as sleep } from '../clock';
import { openSession, type SessionConnection } from '../db/session';

export interface Leadership {
  isLeader(): boolean;
  stop(): Promise<void>;
}

export interface LeaderOptions {
  name: string;
  retryMs: number;
  start: () => Promise<{ stop(): Promise<void> }>;
  /** How often the leader checks it still holds the lock (default retryMs). */
  checkMs?: number;
  /** Pause between taking the lock and starting (default 1 s). */
  handoverMs?: number;
  log?: (message: string) => void;
}

/**
 * After this process's session was lost, the next try comes this soon rather than after
 * `retryMs`: a lost session is most often the database restarting, failing over or dropping every
 * connection, when the leader's lock went too, and every process waiting the full retry left the
 * work undone for up to `retryMs` (5 s for the feed poller) on top of the handover.
 */
const AFTER_LOSS_MS = 750;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms).then(() => {
      throw new Error(`no answer within ${ms} ms`);
    }),
  ]);
}

export function runAsLeader(databaseUrl: string, options: LeaderOptions): Leadership {
  const { name, retryMs, start } = options;
  const checkMs = options.checkMs ?? retryMs;
  const handoverMs = options.handoverMs ?? 1_000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: { stop(): Promise<void> } | null = null;
  /** The session's loss count when this process took the lock: a different count means it is gone. */
  let leadingOn = -1;
  let stepping: Promise<void> | null = null;
  let attempt: Promise<void> | null = null;
  /** One try at a time: two on the same session would both get the (re-entrant) lock and both start. */
  let trying = false;

  const stepDown = (why: string, retryAfterMs = retryMs): Promise<void> => {
    if (!running) return stepping ?? Promise.resolve();
    const was = running;
    running = null;
    leadingOn = -1;
    options.log?.(`${name}: stepping down (${why})`);
    stepping = (async () => {
      await was.stop().catch(() => {});
      // Stopped first, then the lock goes (when the session still has it), so no one starts meanwhile.
      await session.sql`select pg_advisory_unlock_all()`.catch(() => {});
    })().finally(() => {
      stepping = null;
      schedule(retryAfterMs);
    });
    return stepping;
  };

  const session: SessionConnection = openSession(databaseUrl, {
    name: `leader ${name}`,
    onLost: () => {
      if (running) void stepDown('lock connection lost', AFTER_LOSS_MS);
      else if (stepping === null && !trying) schedule(Math.min(retryMs, AFTER_LOSS_MS));
    },
  });

  const holds = async () => {
    const [row] = await session.sql<{ held: boolean }[]>`
      select exists (select 1 from pg_locks where locktype = 'advisory' and objsubid = 1 and granted
        and pid = pg_backend_pid() and ((classid::int8 << 32) | objid::int8) = hashtext(${name})::int8) as held`;
    return row?.held === true;
  };

  const check = async () => {
    if (!running) return;
    const on = leadingOn;
    const ok = await within(holds(), checkMs).catch(() => false);
    if (running && (!ok || session.losses !== on)) await stepDown(ok ? 'lock connection replaced' : 'lock not held');
    else if (running) schedule(checkMs);
  };

  const tryLead = async () => {
    if (stopped || running || stepping !== null || trying) return;
    trying = true;
    const losses = session.losses;
    try {
      const [row] = await within(
        session.sql<{ ok: boolean }[]>`select pg_try_advisory_lock(hashtext(${name})) as ok`,
        Math.max(checkMs, 5_000),
      );
      if (row?.ok) {
        await sleep(handoverMs);
        if (!stopped && session.losses === losses && (await holds())) {
          leadingOn = losses;
          running = await start();
          schedule(checkMs);
          if (session.losses !== losses) await stepDown('lock connection lost while starting', AFTER_LOSS_MS);
          return;
        }
        await session.sql`select pg_advisory_unlock_all()`.catch(() => {});
      }
    } catch {
      // The database is away: try again later.
    } finally {
      trying = false;
    }
    schedule(session.losses !== losses ? Math.min(retryMs, AFTER_LOSS_MS) : retryMs);
  };

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      attempt = running ? check() : tryLead();
    }, ms);
  }

  attempt = tryLead();

  return {
    isLeader: () => running != null,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await stepping;
      if (running) {
        const was = running;
        running = null;
        await was.stop();
      }
      await session.sql`select pg_advisory_unlock_all()`.catch(() => {});
      await session.close();
    },
  };
}
