import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle, type PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

export { schema };

/** A database handle or a transaction: services and repos accept either. */
export type Db = PgDatabase<PostgresJsQueryResultHKT, typeof schema>;
export type Sql = postgres.Sql;

export interface Database {
  db: Db;
  sql: Sql;
  url: string;
  /** Ends the pool; queries still running get `timeoutSeconds` (default 5) before their connections close. */
  close(timeoutSeconds?: number): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number; idleTimeoutSeconds?: number } = {}): Database {
  const sql = postgres(url, {
    max: options.max ?? 10,
    // Idle connections close, so a process that was busy once does not hold its peak for good.
    idle_timeout: options.idleTimeoutSeconds ?? 30,
    onnotice: () => {},
  });
  const db = drizzle(sql, { schema });
  return { db, sql, url, close: (timeoutSeconds = 5) => sql.end({ timeout: timeoutSeconds }) };
}
