import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { isLeftoverTypeLookup } from './src-server/db/leftover-type-lookup';

/** The scale-out run (4 child processes) and every bench's smoke run (issue 27). */
const SLOW = ['src-server/jobs/scaleout.test.ts', 'scripts/bench-smoke.test.ts'];

/**
 * Web tests that replace a module with vi.mock: in a shared fork the mock would stay registered
 * and the real module cached, so they run isolated, apart from the rest.
 */
const WEB_MOCKS = [
  'src-web/features/add-ticker/AddTickerForm.plans.test.tsx',
  'src-web/features/contact/ContactModal.test.tsx',
];

/**
 * Timeouts for the slowest machine the suite meets, not this one: on CI the browser test files ran
 * 3-4x longer than on a quiet 2-core box (billing 9.5 s here, 42.6 s there) and one test hit the old
 * 60 s limit. A passing test never waits for them; they only decide when a stuck one is given up.
 * The same for `expect.poll`, whose 1 s default gave a filter click on that machine one second.
 */
function slowMachineTimeouts(testTimeout: number, hookTimeout: number, pollTimeout: number) {
  return { testTimeout, hookTimeout, expect: { poll: { timeout: pollTimeout, interval: 100 } } };
}

export default defineConfig({
  test: {
    // Files share a fork (isolate: false), so a client a finished file left behind can still be reconnecting when the
    // file's database is dropped: postgres.js's unheard array-type lookup (isLeftoverTypeLookup). All else fails the run.
    onUnhandledError: (error) => !isLeftoverTypeLookup(error),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src-shared/**/*.test.ts', 'src-server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Minutes of child processes each: their own project, which npm test runs beside the browser tests.
          exclude: [...SLOW, 'node_modules/**'],
          globalSetup: ['src-server/test/global-setup.ts'],
          ...slowMachineTimeouts(90_000, 180_000, 10_000),
          // Two cores: files run in parallel forks, each with its own cloned database.
          pool: 'forks',
          // A fork keeps the modules it loaded for its next file: loading the server's module graph
          // again for each of 160 files was half the run (245 s isolated, 129 s shared). Every
          // file builds its own app, database and peers, so module state is not test state.
          isolate: false,
        },
      },
      {
        test: {
          name: 'slow',
          environment: 'node',
          include: SLOW,
          globalSetup: ['src-server/test/global-setup.ts'],
          ...slowMachineTimeouts(90_000, 180_000, 10_000),
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src-web/**/*.test.{ts,tsx}'],
          exclude: [...WEB_MOCKS, 'node_modules/**'],
          setupFiles: ['src-web/test/setup.ts'],
          ...slowMachineTimeouts(30_000, 60_000, 5_000),
          // As the server project: a fork keeps React, the DOM and the app's modules loaded for its
          // next file instead of loading them again for each of its 32 files (decision 365). The setup
          // file cleans the DOM and storage after every test; timers and globals are restored by
          // the files that change them.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-mocks',
          environment: 'happy-dom',
          include: WEB_MOCKS,
          setupFiles: ['src-web/test/setup.ts'],
          ...slowMachineTimeouts(30_000, 60_000, 5_000),
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts', 'scripts/**/*.e2e.ts'],
          globalSetup: ['src-server/test/global-setup.ts'],
          ...slowMachineTimeouts(180_000, 300_000, 30_000),
          // Two files at a time (npm test passes --maxWorkers=2), each with its own server, database
          // and Chromium; one fork keeps the server's modules loaded from file to file.
          isolate: false,
        },
      },
    ],
  },
});
