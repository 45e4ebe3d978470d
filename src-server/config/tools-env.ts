import { z } from 'zod';
// With extension: vite.config.ts loads this file natively.
import { parseEnvWith } from './env.ts';

/** Settings of the developer tools (npm run dev, Vite's dev server, benchmarks), read here so config stays the one env reader. */
const port = z.coerce.number().int().min(1).max(65535);
const toolsEnvSchema = z.object({
  /** npm run dev: the one URL (Vite); the API server listens on DEV_SERVER_PORT behind it. */
  PORT: port.default(3000),
  DEV_SERVER_PORT: port.default(3001),
  /** bench:ingest: filings replayed through the queue, and jobs worked at once. */
  BENCH_REPLAY_FILINGS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  BENCH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
});

export type ToolsEnv = z.infer<typeof toolsEnvSchema>;

export function loadToolsEnv(): ToolsEnv {
  return parseEnvWith(toolsEnvSchema);
}
