import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { loadTestEnv } from '#server/config/test-env';
import type { Database } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { createEdgarSource } from '#server/integrations/edgar/edgar-source';
import { startWorkers } from '#server/background';
import { startTestApp, type TestApp } from '#server/test/app';
import { createTestDatabase } from '#server/test/db';

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

export interface PageOptions {
  width?: number;
  height?: number;
  /** Local storage to seed before the app starts (e.g. a session token). */
  storage?: Record<string, string>;
  /** Another page's context: same cookies and storage (a second tab). */
  context?: BrowserContext;
  /** An admin credential, set as the HttpOnly cookie the admin sign-in would set. */
  adminCookie?: string;
}

export interface BrowserHarness extends TestApp {
  browser: Browser;
  newPage(options?: PageOptions): Promise<Page>;
  /**
   * PNG under SCREENSHOT_DIR, scrolled to the top first (the header is sticky); full page unless
   * a dialog is open (a fixed overlay is captured as the user sees it, in the viewport).
   */
  screenshot(page: Page, name: string): Promise<string>;
  /** axe-core in the page: violations of impact serious or critical. */
  seriousA11yViolations(page: Page): Promise<{ id: string; impact: string; help: string; targets: string[] }[]>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  customise?: (deps: AppDeps & { databaseUrl: string }) => AppDeps | Promise<AppDeps>;
  /** Run the app's background workers (EDGAR replay ingest, job runner) like `npm start` does. */
  workers?: boolean;
  /** Host names Chromium resolves to the test server (brand hosts). */
  hosts?: string[];
  /** The full Chromium instead of its headless shell: web push shows notifications only there. */
  fullBrowser?: boolean;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The real server (built SPA, fresh Postgres) and one real Chromium for a test file. */
export async function startBrowserHarness(options: HarnessOptions = {}): Promise<BrowserHarness> {
  const database: Database = await createTestDatabase();
  const server = await startTestApp({
    database,
    env: { WEB_DIST_DIR: 'dist/web', ...options.env },
    customise: (deps) =>
      (options.customise ?? ((d) => d))({
        ...deps,
        databaseUrl: database.url,
        // Workers ingest from the offline EDGAR replay, as `npm start` does without EDGAR_USER_AGENT.
        ...(options.workers ? { edgar: createEdgarSource(deps.env) } : {}),
      }),
  });
  if (options.workers) {
    const workers = await startWorkers(server.deps);
    afterAll(async () => {
      await workers.stop();
      await server.deps.edgar?.stop();
    });
  }
  const args = [...CHROMIUM_ARGS];
  if (options.hosts?.length)
    args.push(`--host-resolver-rules=${options.hosts.map((h) => `MAP ${h} 127.0.0.1`).join(',')}`);
  const executablePath = options.fullBrowser ? testEnv.CHROMIUM_PATH : testEnv.CHROMIUM_HEADLESS_SHELL_PATH;
  const browser = await chromium.launch({ executablePath, headless: true, args });
  afterAll(async () => {
    await browser.close();
  });
  const shotDir = testEnv.SCREENSHOT_DIR;
  mkdirSync(shotDir, { recursive: true });
  return {
    ...server,
    browser,
    async newPage(pageOptions = {}) {
      const context =
        pageOptions.context ??
        (await browser.newContext({
          viewport: { width: pageOptions.width ?? 1280, height: pageOptions.height ?? 800 },
        }));
      if (pageOptions.storage) {
        await context.addInitScript((entries: Record<string, string>) => {
          // Seed once per context: later navigations keep what the app itself stored.
          if (sessionStorage.getItem('__seeded')) return;
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
          sessionStorage.setItem('__seeded', '1');
        }, pageOptions.storage);
      }
      if (pageOptions.adminCookie) {
        await context.addCookies([
          {
            name: 'admin_session',
            value: pageOptions.adminCookie,
            domain: new URL(server.url).hostname,
            path: '/trpc',
            httpOnly: true,
            sameSite: 'Strict',
          },
        ]);
      }
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[browser pageerror]', error.message));
      return page;
    },
    async screenshot(page, name) {
      const path = join(shotDir, `${name}.png`);
      const dialogOpen = await page.evaluate(() => {
        window.scrollTo(0, 0);
        return document.querySelector('[role="dialog"]') !== null;
      });
      await page.screenshot({ path, fullPage: !dialogOpen, animations: 'disabled' });
      return path;
    },
    async seriousA11yViolations(page) {
      // A page still loading its data (a button disabled until the watchlist arrives, then fading
      // in) is not what a reader sees: wait for 500 ms without requests (live sockets do not count),
      // at most 5 s. Neither are colours mid-transition (buttons fade for 0.15 s after a theme switch).
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
      );
      await page.evaluate(axeSource);
      const results = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                ctx: Document,
                opts: object,
              ) => Promise<{
                violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
              }>;
            };
          }
        ).axe;
        return axe.run(document, { resultTypes: ['violations'] });
      });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
    },
  };
}
