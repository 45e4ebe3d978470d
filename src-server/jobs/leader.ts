/**
 * One-of-many work (the EDGAR feed poller): the process holding a session advisory lock on a
 * reserved connection is the leader; the others retry, and take over within `retryMs` when the
 * leader's connection ends (the lock dies with it).
 */
import type { Sql } from '../db/client';

export interface Leadership {
  isLeader(): boolean;
  stop(): Promise<void>;
}

export function runAsLeader(
  sql: Sql,
  { name, retryMs, start }: { name: string; retryMs: number; start: () => Promise<{ stop(): Promise<void> }> },
): Leadership {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let reserved: Awaited<ReturnType<Sql['reserve']>> | null = null;
  let running: { stop(): Promise<void> } | null = null;
  let attempt: Promise<void> | null = null;

  const tryLead = async () => {
    if (stopped) return;
    try {
      reserved ??= await sql.reserve();
      const [row] = await reserved<{ ok: boolean }[]>`select pg_try_advisory_lock(hashtext(${name})) as ok`;
      if (row?.ok && !stopped) {
        running = await start();
        return;
      }
    } catch {
      reserved?.release();
      reserved = null;
    }
    if (!stopped) timer = setTimeout(() => void (attempt = tryLead()), retryMs);
  };
  attempt = tryLead();

  return {
    isLeader: () => running != null,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await running?.stop();
      if (reserved) {
        await reserved`select pg_advisory_unlock_all()`.catch(() => {});
        reserved.release();
      }
    },
  };
}
