import { repeatEvery, type WorkerStarter } from '../../jobs/workers';
import { pruneAssistantData } from './assistant.service';

const EVERY_MS = 60 * 60 * 1000;

/** Hourly: conversations idle 30 days go with their messages and votes (idempotent; instances may overlap). */
export const startAssistantHousekeeping: WorkerStarter = async (deps) => {
  const run = () =>
    pruneAssistantData(deps.db).then(
      (deleted) => deps.logger?.debug({ deleted }, 'assistant conversations pruned'),
      (err: unknown) => deps.logger?.error({ err }, 'assistant housekeeping failed'),
    );
  return repeatEvery(run, { firstMs: 90_000, everyMs: EVERY_MS });
};
