import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app';
import { parseEnv, type Env } from '../config/env';
import type { Database } from '../db/client';
import type { AppDeps } from '../deps';
import { createTestDatabase } from './db';
import { bindToDeps, createTestDeps } from './deps';

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT of the listening server. */
  url: string;
  database: Database;
  deps: AppDeps;
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RUN_WORKERS: 'false',
    ...overrides,
  });
}

/**
 * The real app on a real port over a fresh database. `customise` can replace deps
 * (mail/SMS peers, clocks...) before the app is built. Closed after the test file.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    customise?: (deps: AppDeps) => AppDeps | Promise<AppDeps>;
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  let deps = createTestDeps({ env: testEnv(options.env), database });
  if (options.customise) {
    const base = deps;
    deps = await options.customise(base);
    // A new object (`{ ...deps, logger }`): its hubs must log and count there, unless it brought its own.
    if (deps !== base)
      bindToDeps(deps, {
        live: deps.live === base.live ? undefined : deps.live,
        plans: deps.plans === base.plans ? undefined : deps.plans,
      });
  }
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  afterAll(async () => {
    await app.close();
  });
  return { app, url: `http://127.0.0.1:${port}`, database, deps };
}
