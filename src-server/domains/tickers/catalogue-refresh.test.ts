import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isAppError } from '#shared/app-error';
import { startTestApp } from '../../test/app';
import { companyTickersUrl, SHIPPED_CATALOGUE } from './catalogue-file';
import { refreshCatalogueFromSec } from './catalogue.service';
import { TickerCatalogue } from './ticker-catalogue';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const USER_AGENT = 'Filing Alerts Tests ops@example.com';
const LAST_MODIFIED = 'Tue, 03 Mar 2026 02:14:07 GMT';

/**
 * A loopback www.sec.gov serving /files/company_tickers.json: the shipped real file, or that file
 * without one company (what SEC's file looks like after a delisting). It refuses requests
 * without a declared User-Agent, as SEC does.
 */
const realFile = readFileSync(SHIPPED_CATALOGUE.path, 'utf8');
const realRows = JSON.parse(realFile) as Record<string, { cik_str: number; ticker: string; title: string }>;
const delisted = 'AAPL';
const withoutApple = JSON.stringify(
  Object.fromEntries(Object.entries(realRows).filter(([, r]) => r.ticker !== delisted)),
);
let serve: 'real' | 'without-apple' | 'error' = 'real';
const agents: string[] = [];
const sec = createServer((request, response) => {
  agents.push(String(request.headers['user-agent'] ?? ''));
  if (request.url !== '/files/company_tickers.json') return response.writeHead(404).end();
  if (serve === 'error' || !/\S+@\S+/.test(String(request.headers['user-agent'])))
    return response.writeHead(403).end('Undeclared Automated Tool');
  response.writeHead(200, { 'content-type': 'application/json', 'last-modified': LAST_MODIFIED });
  response.end(serve === 'real' ? realFile : withoutApple);
});
await new Promise<void>((resolve) => sec.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => sec.close(() => resolve())));
const secBase = `http://127.0.0.1:${(sec.address() as AddressInfo).port}`;

const { deps, database } = await startTestApp();
const db = deps.db;
const catalogue = new TickerCatalogue(db);
await catalogue.get();

async function state() {
  const [row] = await db.execute<{ source: string; as_of: string; entries: number }>(
    sql`select source, as_of::text, entries from ticker_catalogue_state`,
  );
  return row;
}

describe('refreshCatalogueFromSec', () => {
  it('downloads with the declared User-Agent and dates the catalogue by Last-Modified', async () => {
    const result = await refreshCatalogueFromSec(db, { url: companyTickersUrl(secBase), userAgent: USER_AGENT });
    expect(agents.at(-1)).toBe(USER_AGENT);
    expect(result).toMatchObject({ loaded: true, entries: Object.keys(realRows).length, changed: 0, deactivated: 0 });
    expect(result.asOf.toISOString()).toBe('2026-03-03T02:14:07.000Z');
    expect(await state()).toMatchObject({
      source: `${secBase}/files/company_tickers.json`,
      entries: Object.keys(realRows).length,
    });
  });

  it('refuses to run without a declared User-Agent, and reports SEC errors', async () => {
    const missing = await refreshCatalogueFromSec(db, { url: companyTickersUrl(secBase), userAgent: undefined }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(missing) && missing.reason).toBe('edgar_user_agent_missing');
    serve = 'error';
    try {
      const failed = await refreshCatalogueFromSec(db, {
        url: companyTickersUrl(secBase),
        userAgent: USER_AGENT,
      }).catch((e: unknown) => e);
      expect(isAppError(failed) && failed.reason).toBe('sec_error');
    } finally {
      serve = 'real';
    }
  });
});

describe('npm run tickers:refresh', () => {
  const env = { ...process.env, DATABASE_URL: database.url, EDGAR_BASE_URL: secBase, LOG_LEVEL: 'silent' };

  it('upserts the current file; a ticker SEC no longer lists stops being searchable but stays watched', async () => {
    await db.execute(sql`insert into users (id) values ('00000000-0000-4000-8000-000000000001')`);
    await db.execute(
      sql`insert into watchlist_items (user_id, ticker, forms) values ('00000000-0000-4000-8000-000000000001', ${delisted}, '{8-K}')`,
    );
    serve = 'without-apple';
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/tickers-refresh.ts'], {
      cwd: ROOT,
      env: { ...env, EDGAR_USER_AGENT: USER_AGENT },
    });
    expect(stdout).toContain(
      `tickers:refresh ${Object.keys(realRows).length - 1} tickers from ${secBase}/files/company_tickers.json`,
    );
    expect(stdout).toContain('1 no longer listed');

    const index = await catalogue.check();
    expect(index.get(delisted)).toBeUndefined();
    expect(index.search('apple').map((r) => r.ticker)).not.toContain(delisted);
    const [item] = await db.execute<{ ticker: string }>(
      sql`select ticker from watchlist_items where ticker = ${delisted}`,
    );
    expect(item?.ticker).toBe(delisted);

    serve = 'real';
    await run(process.execPath, ['--import', 'tsx', 'scripts/tickers-refresh.ts'], {
      cwd: ROOT,
      env: { ...env, EDGAR_USER_AGENT: USER_AGENT },
    });
    expect((await catalogue.check()).get(delisted)?.name).toBe('Apple Inc.');
  });

  it('exits non-zero with a message when EDGAR_USER_AGENT is not set', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/tickers-refresh.ts'], {
      cwd: ROOT,
      env: { ...env, EDGAR_USER_AGENT: '' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('EDGAR_USER_AGENT') });
  });
});
