import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src-shared/**/*.test.ts', 'src-server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['src-server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: files run in parallel forks, each with its own cloned database.
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src-web/**/*.test.{ts,tsx}'],
          setupFiles: ['src-web/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts', 'scripts/**/*.e2e.ts'],
          globalSetup: ['src-server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine keeps timings stable.
          fileParallelism: false,
        },
      },
    ],
  },
});
