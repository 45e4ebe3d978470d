import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { loadTestEnv } from '../../src-server/config/test-env';
import { startTestApp, type TestApp } from '../../src-server/test/app';
import type { AppDeps } from '../../src-server/deps';

const testEnv = loadTestEnv();

/** Flags for Chromium on a closed network (see STACK.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface BrowserHarness extends TestApp {
  browser: Browser;
  newPage(options?: { host?: string; width?: number; height?: number }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
}

/** The real server (built SPA, fresh Postgres) and a real Chromium for one test file. */
export async function startBrowserHarness(
  options: { env?: Record<string, string>; customise?: (deps: AppDeps) => AppDeps | Promise<AppDeps> } = {},
): Promise<BrowserHarness> {
  const server = await startTestApp({ env: { WEB_DIST_DIR: 'dist/web', ...options.env }, customise: options.customise });
  const browser = await chromium.launch({ executablePath: testEnv.CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  afterAll(async () => {
    await browser.close();
  });
  const shotDir = testEnv.SCREENSHOT_DIR;
  mkdirSync(shotDir, { recursive: true });
  return {
    ...server,
    browser,
    async newPage(pageOptions = {}) {
      const context = await browser.newContext({
        viewport: { width: pageOptions.width ?? 1280, height: pageOptions.height ?? 800 },
        // A brand host maps to the test server's loopback port.
        ...(pageOptions.host ? { extraHTTPHeaders: {} } : {}),
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[browser pageerror]', error.message));
      return page;
    },
    async screenshot(page, name) {
      const path = join(shotDir, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
  };
}
