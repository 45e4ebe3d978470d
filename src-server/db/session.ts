/**
 * A dedicated session connection for state that lives in one PostgreSQL session (advisory locks:
 * the poll leader's lock, the sender identity). Not `sql.reserve()`: a reserved postgres.js
 * connection whose socket the server closed (pg_terminate_backend, a failover, a restart) throws
 * `TypeError: Cannot read properties of null (reading 'write')` from a timer on its next query,
 * an uncaught exception that ends the process (issue 27). A pool of one reconnects on the next
 * query instead, and `onLost` says the session (and every lock it held) is gone, so the owner can
 * step down or take its locks again.
 */
import postgres from 'postgres';
import type { Sql } from './client';

export interface SessionConnection {
  /** Runs on the one session; after a loss the next query opens a new session (locks not held). */
  sql: Sql;
  /** Counts sessions lost so far: a holder compares it before and after to see a loss in between. */
  readonly losses: number;
  close(): Promise<void>;
}

export function openSession(url: string, { name, onLost }: { name: string; onLost?: () => void }): SessionConnection {
  let closing = false;
  let losses = 0;
  const sql = postgres(url, {
    max: 1,
    // A session connection is never recycled behind its holder's back (max_lifetime closes it
    // after 30-60 minutes by default, which would drop the lock), nor closed when idle.
    max_lifetime: 0,
    idle_timeout: 0,
    connect_timeout: 5,
    onnotice: () => {},
    // pg_stat_activity names the holder and its process (operators, and the scale-out test).
    connection: { application_name: `filing-alerts ${name} pid=${process.pid}` },
    onclose: () => {
      if (closing) return;
      losses += 1;
      onLost?.();
    },
  });
  return {
    sql,
    get losses() {
      return losses;
    },
    async close() {
      closing = true;
      await sql.end({ timeout: 1 }).catch(() => {});
    },
  };
}
