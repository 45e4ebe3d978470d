import { z } from 'zod';
import { parseEnvWith } from './env';

/** Test-only settings, read here so the config folder stays the one env reader. */
const testEnvSchema = z.object({
  /** Use an existing PostgreSQL server for tests instead of the embedded one. */
  TEST_DATABASE_URL: z.url().optional(),
  /** Keep the embedded test server's log lines (debugging). */
  TEST_PG_LOG: z.enum(['0', '1']).default('0'),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /** Where browser tests save their screenshots. */
  SCREENSHOT_DIR: z.string().default('test-results/screenshots'),
});

export type TestEnv = z.infer<typeof testEnvSchema>;

export function loadTestEnv(): TestEnv {
  return parseEnvWith(testEnvSchema);
}
