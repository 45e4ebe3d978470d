/**
 * An alerts delivery worker as its own process, for the crash test: the alerts sweep and a job
 * runner with the alert tasks, configured from the environment like `npm run worker`.
 */
import { loadEnv } from '../config/env';
import { connectDatabase } from '../db/client';
import type { AppDeps } from '../deps';
import { alertTasks } from '../domains/alerts/alerts.tasks';
import { startAlerts } from '../domains/alerts/alerts.workers';
import { startJobRunner } from '../jobs/runner';
import { createTestDeps } from './deps';

const env = loadEnv();
if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required');
const database = connectDatabase(env.DATABASE_URL, { max: 12 });
const deps: AppDeps = createTestDeps({ env, database });
const alerts = await startAlerts(deps);
const runner = await startJobRunner(deps, alertTasks, { pollIntervalMs: 200 });
process.stdout.write('ready\n');

const stop = async () => {
  await runner.stop();
  await alerts.stop();
  await deps.senderIdentity.release();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
