import { z } from 'zod';
import { parseEnvWith } from './env';

/** Test-only settings, read here so the config folder stays the one env reader. */
const testEnvSchema = z.object({
  /** Use an existing PostgreSQL server for tests instead of the embedded one. */
  TEST_DATABASE_URL: z.url().optional(),
  /** Keep the embedded test server's log lines (debugging). */
  TEST_PG_LOG: z.enum(['0', '1']).default('0'),
  /** The full browser, for the tests that need what only it has (web push notifications). */
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /**
   * The distribution's Chromium headless shell (package chromium-headless-shell): the same Blink,
   * without the full browser's UI processes; browser tests use it unless they ask for the full one
   * (decision 364: about a third less time for the browser tests on two cores).
   */
  CHROMIUM_HEADLESS_SHELL_PATH: z.string().default('/usr/lib/chromium/chromium-headless-shell'),
  /** Where browser tests save their screenshots. */
  SCREENSHOT_DIR: z.string().default('test-results/screenshots'),
});

export type TestEnv = z.infer<typeof testEnvSchema>;

export function loadTestEnv(): TestEnv {
  return parseEnvWith(testEnvSchema);
}
