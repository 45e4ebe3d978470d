import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Runs a raw statement as a server-side prepared statement (drizzle's `execute` never prepares):
 * postgres-js keeps one per connection and statement text, so a hot read skips parsing and
 * planning after its first runs. Rows come back as objects, like `execute`.
 */
export function executePrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, 'prepared', false).execute() as Promise<T[]>;
}
