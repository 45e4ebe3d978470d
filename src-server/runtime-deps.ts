import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { Database } from './db/client';
import type { AppDeps } from './deps';

/**
 * The production wiring of AppDeps: each integration picks its real adapter when configured
 * and its offline default otherwise (dev outbox, EDGAR replay...). Tests build deps themselves.
 */
export async function createRuntimeDeps(env: Env, database: Database, logger: FastifyBaseLogger): Promise<AppDeps> {
  const deps: AppDeps = { env, db: database.db, sql: database.sql, logger };
  return deps;
}
