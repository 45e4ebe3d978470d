/**
 * The admin data sections over REST (/api/admin/*, bearer) as scripts and the console call them:
 * tickers, filings, notifications, theme and jobs. For every procedure: anonymous and non-admin
 * callers are refused, a change writes its audit row, and its effect shows where users look
 * (ticker search, ticker pages, the SPA shell). Cross-site writes are refused and change nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createEdgarSource } from '../../integrations/edgar/edgar-source';
import { createAdminBearer, adminApi } from '../../test/admin';
import { startTestApp } from '../../test/app';
import { storeReplayFilings } from '../../test/replay-filings';
import { createSignedInUser } from '../../test/users';
import { tickerCatalogue } from '../tickers/ticker-catalogue';
import { runAdminJob } from './admin-jobs.service';
import { adminJobHandlers } from './admin-jobs.tasks';

// Item 5.02: a director resigns effective immediately, no dispute stated. LOW by content (docs/scoring.md,
// "a director joins or leaves without dispute"); the item-number rules before issue #25 rated it HIGH.
const META_8K = '0001628280-25-058337';
const dist = mkdtempSync(join(tmpdir(), 'admin-data-spa-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>App</title><!--app-head--></head><body><div id="root"></div></body></html>',
);
const edgar = createEdgarSource({
  EDGAR_RATE_PER_SECOND: 10,
  EDGAR_REPLAY_INITIAL: 0,
  EDGAR_REPLAY_INTERVAL_SECONDS: 3600,
} as never);
afterAll(() => edgar.stop());
const { url, deps } = await startTestApp({ env: { WEB_DIST_DIR: dist }, customise: (d) => ({ ...d, edgar }) });
const db = deps.db;
await tickerCatalogue(deps).get();
const metaId = (await storeReplayFilings(db, [META_8K])).get(META_8K)!;
const admin = await createAdminBearer(db, { email: 'ops@example.com' });
const user = await createSignedInUser(db, { email: 'reader@example.com' });

async function audits(
  action: string,
): Promise<
  { target_id: string | null; before: unknown; after: unknown; reason: string | null; admin_user_id: string }[]
> {
  return db.execute(
    sql`select target_id, before, after, reason, admin_user_id from admin_audit where action = ${action} order by id`,
  );
}

/** Nobody but an admin bearer: anonymous, a user's session, an admin's ordinary session. */
async function refusesOutsiders(path: string, body?: unknown, query?: Record<string, string>) {
  for (const bearer of [null, user.session, admin.session]) {
    const { status } = await adminApi(url, path, { bearer, body, query });
    expect(status, `${path} with ${bearer ? 'a non-admin bearer' : 'no bearer'}`).toBe(401);
  }
}

const finishJob = (jobId: number) => runAdminJob(db, { jobId, handlers: adminJobHandlers(deps), lastAttempt: true });

describe('admin tickers', () => {
  it('lists the catalogue with watchers, most watched first', async () => {
    await refusesOutsiders('/admin/tickers/catalogue');
    await db.execute(sql`insert into watchlist_items (user_id, ticker) values (${user.user.id}, 'META')`);
    const { status, body } = await adminApi(url, '/admin/tickers/catalogue', {
      bearer: admin.bearer,
      query: { limit: '1' },
    });
    expect(status).toBe(200);
    expect(body.items).toEqual([expect.objectContaining({ ticker: 'META', watchers: 1 })]);
    const next = await adminApi(url, '/admin/tickers/catalogue', {
      bearer: admin.bearer,
      query: { limit: '1', cursor: body.nextCursor },
    });
    expect(next.body.items[0].ticker).not.toBe('META');
    expect(
      (await adminApi(url, '/admin/tickers/catalogue', { bearer: admin.bearer, query: { cursor: 'forged' } })).status,
    ).toBe(400);
  });

  it('a hand-set mapping is audited with its note and users find it in ticker search', async () => {
    const body = {
      ticker: 'BRK.X',
      cik: 1067983,
      name: 'Berkshire Hathaway Inc (test class)',
      note: 'Share class missing from SEC file',
    };
    await refusesOutsiders('/admin/tickers/set-mapping', body);
    const crossSite = await adminApi(url, '/admin/tickers/set-mapping', {
      bearer: admin.bearer,
      body,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await audits('tickers.setMapping')).toHaveLength(0);
    const { status, body: saved } = await adminApi(url, '/admin/tickers/set-mapping', { bearer: admin.bearer, body });
    expect(status).toBe(200);
    expect(saved).toMatchObject({ ticker: 'BRK.X', cik: 1067983 });
    const [row] = await audits('tickers.setMapping');
    expect(row).toMatchObject({
      target_id: 'BRK.X',
      before: null,
      after: { cik: 1067983, note: body.note },
      admin_user_id: admin.user.id,
    });
    await tickerCatalogue(deps).check();
    const search = await (await fetch(`${url}/api/tickers?q=BRK.X`)).json();
    expect(search[0]).toEqual({ ticker: 'BRK.X', name: 'Berkshire Hathaway Inc (test class)' });
    expect(
      (await adminApi(url, '/admin/tickers/set-mapping', { bearer: admin.bearer, body: { ...body, cik: -4 } })).status,
    ).toBe(400);
  });

  it('refresh from SEC’s ticker file runs as a job with progress; the mapping survives it', async () => {
    await refusesOutsiders('/admin/tickers/refresh', {});
    const started = await adminApi(url, '/admin/tickers/refresh', { bearer: admin.bearer, body: {} });
    expect(started.body).toMatchObject({ kind: 'tickers.refresh', status: 'queued', total: 3, done: 0 });
    expect(await audits('tickers.refresh')).toHaveLength(1);
    await finishJob(started.body.id);
    await refusesOutsiders('/admin/jobs/get', undefined, { id: String(started.body.id) });
    const job = await adminApi(url, '/admin/jobs/get', {
      bearer: admin.bearer,
      query: { id: String(started.body.id) },
    });
    expect(job.body).toMatchObject({ status: 'done', done: 3, total: 3 });
    expect(job.body.result.entries).toBeGreaterThan(9000);
    const list = await adminApi(url, '/admin/jobs/list', { bearer: admin.bearer, query: { kind: 'tickers.refresh' } });
    expect(list.body.items.map((j: { id: number }) => j.id)).toEqual([started.body.id]);
    const [brk] = await db.execute<{ cik: number }>(sql`select cik from tickers where ticker = 'BRK.X'`);
    expect(brk!.cik).toBe(1067983);
  });
});

describe('admin filings', () => {
  const tickerPage = async () =>
    (await (await fetch(`${url}/api/ticker/META`)).json()) as {
      filings: { items: { id: number; importance: string; reviewed: boolean }[] };
    };

  it('searches and shows a filing’s facts and rules', async () => {
    await refusesOutsiders('/admin/filings/search');
    await refusesOutsiders('/admin/filings/get', undefined, { id: String(metaId) });
    const found = await adminApi(url, '/admin/filings/search', {
      bearer: admin.bearer,
      query: { ticker: 'META', importance: 'LOW' },
    });
    expect(found.body.items.map((f: { id: number }) => f.id)).toEqual([metaId]);
    const none = await adminApi(url, '/admin/filings/search', {
      bearer: admin.bearer,
      query: { ticker: 'META', importance: 'HIGH' },
    });
    expect(none.body.items).toEqual([]);
    const detail = await adminApi(url, '/admin/filings/get', { bearer: admin.bearer, query: { id: String(metaId) } });
    expect(detail.body).toMatchObject({ importance: 'LOW', facts: { kind: 'current' } });
    expect(
      (await adminApi(url, '/admin/filings/get', { bearer: admin.bearer, query: { id: '99999999' } })).status,
    ).toBe(404);
    expect(
      (await adminApi(url, '/admin/filings/search', { bearer: admin.bearer, query: { from: 'yesterday' } })).status,
    ).toBe(400);
  });

  it('a review needs a reason, is audited, and users see the importance marked reviewed', async () => {
    await refusesOutsiders('/admin/filings/review', { id: metaId, importance: 'CRITICAL', reason: 'x' });
    const noReason = await adminApi(url, '/admin/filings/review', {
      bearer: admin.bearer,
      body: { id: metaId, importance: 'CRITICAL' },
    });
    expect(noReason).toMatchObject({ status: 400, body: { error: 'reason_required' } });
    expect(
      (
        await adminApi(url, '/admin/filings/review', {
          bearer: admin.bearer,
          body: { id: metaId, importance: 'CRITICAL', reason: 'x' },
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect((await tickerPage()).filings.items[0]).toMatchObject({ importance: 'LOW', reviewed: false });
    const reviewed = await adminApi(url, '/admin/filings/review', {
      bearer: admin.bearer,
      body: { id: metaId, importance: 'MEDIUM', reason: 'Departure reported as a protest' },
    });
    expect(reviewed.body).toMatchObject({ importance: 'MEDIUM', rulesImportance: 'LOW' });
    expect(await audits('filings.review')).toEqual([
      expect.objectContaining({
        target_id: String(metaId),
        reason: 'Departure reported as a protest',
        before: expect.objectContaining({ importance: 'LOW' }),
      }),
    ]);
    expect((await tickerPage()).filings.items[0]).toMatchObject({ id: metaId, importance: 'MEDIUM', reviewed: true });

    await refusesOutsiders('/admin/filings/clear-review', { id: metaId });
    expect(
      (await adminApi(url, '/admin/filings/clear-review', { bearer: admin.bearer, body: { id: metaId } })).body,
    ).toMatchObject({ importance: 'LOW', rulesImportance: null });
    expect(await audits('filings.clearReview')).toHaveLength(1);
    expect((await tickerPage()).filings.items[0]).toMatchObject({ importance: 'LOW', reviewed: false });
  });

  it('rescores one filing, a range as a job counting changed labels, and re-ingests from EDGAR', async () => {
    await refusesOutsiders('/admin/filings/rescore', { id: metaId });
    // As the item-number rules stored it (every Item 5.02 HIGH); the content rules rate a director's exit LOW.
    await db.execute(sql`update filings set importance = 'HIGH', importance_rank = 3 where id = ${metaId}`);
    const one = await adminApi(url, '/admin/filings/rescore', { bearer: admin.bearer, body: { id: metaId } });
    expect(one.body).toEqual({ id: metaId, before: 'HIGH', after: 'LOW', changed: true });
    expect(await audits('filings.rescore')).toHaveLength(1);
    expect((await tickerPage()).filings.items[0]!.importance).toBe('LOW');

    await refusesOutsiders('/admin/filings/rescore-range', { from: '2025-12-01', to: '2025-12-31' });
    expect(
      (
        await adminApi(url, '/admin/filings/rescore-range', {
          bearer: admin.bearer,
          body: { from: '2025-12-31', to: '2025-12-01' },
        })
      ).body.error,
    ).toBe('range_invalid');
    await db.execute(sql`update filings set importance = 'MEDIUM', importance_rank = 2 where id = ${metaId}`);
    const range = await adminApi(url, '/admin/filings/rescore-range', {
      bearer: admin.bearer,
      body: { from: '2025-12-01', to: '2025-12-31', form: '8-K' },
    });
    await finishJob(range.body.id);
    const job = await adminApi(url, '/admin/jobs/get', { bearer: admin.bearer, query: { id: String(range.body.id) } });
    expect(job.body).toMatchObject({
      status: 'done',
      total: 1,
      done: 1,
      changed: 1,
      result: { moves: { 'MEDIUM->LOW': 1 } },
    });

    await refusesOutsiders('/admin/filings/reingest', { id: metaId });
    const again = await adminApi(url, '/admin/filings/reingest', { bearer: admin.bearer, body: { id: metaId } });
    expect(again.body).toMatchObject({ id: metaId, after: 'LOW', changed: false });
    expect(await audits('filings.reingest')).toHaveLength(1);
  });
});

describe('admin notifications', () => {
  async function deadAlert(channel: 'email' | 'sms', error: string) {
    const [row] = await db.execute<{ id: number }>(sql`
      insert into alerts (user_id, filing_id, channel, status, attempts, last_error, error_code)
      values (${user.user.id}, ${metaId}, ${channel}, 'dead', 5, ${error}, '550') returning id::float8 as id`);
    return row!.id;
  }

  it('lists deliveries by channel and status with the provider’s error, and provider health', async () => {
    const id = await deadAlert('email', '550 5.1.1 <reader@example.com>: Recipient address rejected');
    for (const path of [
      '/admin/notifications/summary',
      '/admin/notifications/deliveries',
      '/admin/notifications/providers',
    ])
      await refusesOutsiders(path);
    const dead = await adminApi(url, '/admin/notifications/deliveries', {
      bearer: admin.bearer,
      query: { status: 'dead', channel: 'email' },
    });
    expect(dead.body.items).toEqual([
      expect.objectContaining({ id, lastError: expect.stringMatching(/Recipient address rejected/), errorCode: '550' }),
    ]);
    const summary = await adminApi(url, '/admin/notifications/summary', { bearer: admin.bearer });
    expect(summary.body.counts).toContainEqual({ channel: 'email', status: 'dead', count: 1 });
    // "Accepted" on the development outbox counts what the outbox holds (sign-in links included), not 0.
    const outboxBefore = (await adminApi(url, '/admin/notifications/providers', { bearer: admin.bearer })).body
      .providers[0].sent as number;
    await deps.mailer.send({ to: 'counted@example.com', subject: 'Your sign-in link', text: 'x' });
    const providers = await adminApi(url, '/admin/notifications/providers', { bearer: admin.bearer });
    expect(providers.body.providers[0]).toMatchObject({
      channel: 'email',
      sent: outboxBefore + 1,
      counts: 'every message stored in the outbox',
    });
    expect(providers.body.providers).toContainEqual(
      expect.objectContaining({
        channel: 'email',
        adapter: 'development outbox',
        failed: 1,
        lastError: expect.stringMatching(/Recipient/),
      }),
    );
  });

  it('retries one dead alert and all of them as a job, audited', async () => {
    const one = await deadAlert('sms', 'Twilio 21610: Attempt to send to unsubscribed recipient');
    await refusesOutsiders('/admin/notifications/retry', { ids: [one] });
    expect(
      (await adminApi(url, '/admin/notifications/retry', { bearer: admin.bearer, body: { ids: [one] } })).body,
    ).toEqual({ requeued: 1 });
    expect(await audits('notifications.retry')).toHaveLength(1);
    const [state] = await db.execute<{ status: string }>(sql`select status from alerts where id = ${one}`);
    expect(state!.status).toBe('queued');

    await refusesOutsiders('/admin/notifications/retry-all', {});
    const job = await adminApi(url, '/admin/notifications/retry-all', { bearer: admin.bearer, body: {} });
    await finishJob(job.body.id);
    const done = await adminApi(url, '/admin/jobs/get', { bearer: admin.bearer, query: { id: String(job.body.id) } });
    expect(done.body).toMatchObject({ status: 'done', total: 1, done: 1, changed: 1 });
    const [left] = await db.execute<{ n: number }>(sql`select count(*)::int as n from alerts where status = 'dead'`);
    expect(left!.n).toBe(0);
  });

  it('sends a test email to the admin’s own address, and refuses SMS without a phone', async () => {
    await refusesOutsiders('/admin/notifications/send-test', { channel: 'email' });
    const sent = await adminApi(url, '/admin/notifications/send-test', {
      bearer: admin.bearer,
      body: { channel: 'email' },
    });
    expect(sent.body).toMatchObject({ channel: 'email', to: 'ops@example.com' });
    const [mail] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from dev_outbox where "to" = 'ops@example.com' and subject = 'Admin console test email'`,
    );
    expect(mail!.n).toBe(1);
    expect(await audits('notifications.sendTest')).toHaveLength(1);
    const sms = await adminApi(url, '/admin/notifications/send-test', {
      bearer: admin.bearer,
      body: { channel: 'sms' },
    });
    expect(sms).toMatchObject({ status: 409, body: { error: 'admin_contact_missing' } });
  });
});

describe('admin theme', () => {
  const shell = async () => (await fetch(`${url}/?brand=form4`)).text();
  const theme = {
    brand: 'form4',
    brandName: 'Insider Desk',
    tagline: 'Every Form 4, read for you.',
    primaryColor: '#065f46',
    accentColor: '#34d399',
    logoText: 'ID',
  };

  it('refuses a theme that fails WCAG contrast, naming the pair, and stores nothing', async () => {
    await refusesOutsiders('/admin/theme/list');
    await refusesOutsiders('/admin/theme/save', theme);
    const pale = await adminApi(url, '/admin/theme/save', {
      bearer: admin.bearer,
      body: { ...theme, primaryColor: '#9ec5fe' },
    });
    expect(pale.status).toBe(400);
    expect(pale.body.message).toMatch(/White text on the primary colour .* needs at least 4\.5:1/);
    expect(await audits('theme.save')).toHaveLength(0);
  });

  it('stores a passing theme, audited; users get it in the page shell; reset brings the default back', async () => {
    const saved = await adminApi(url, '/admin/theme/save', { bearer: admin.bearer, body: theme });
    expect(saved.body).toMatchObject({
      brand: 'form4',
      stored: true,
      theme: { brandName: 'Insider Desk', primaryColor: '#065f46' },
    });
    expect(await audits('theme.save')).toEqual([
      expect.objectContaining({
        target_id: 'form4',
        before: expect.objectContaining({ brandName: 'Insider Trades Alerts' }),
      }),
    ]);
    const html = await shell();
    expect(html).toContain('<title>Insider Desk — Every Form 4, read for you.</title>');
    expect(html).toContain('"primaryColor":"#065f46"');
    const list = await adminApi(url, '/admin/theme/list', { bearer: admin.bearer });
    expect(list.body.find((t: { brand: string }) => t.brand === '8k')).toMatchObject({ stored: false });
    await refusesOutsiders('/admin/theme/reset', { brand: 'form4' });
    expect(
      (await adminApi(url, '/admin/theme/reset', { bearer: admin.bearer, body: { brand: 'form4' } })).body,
    ).toMatchObject({ stored: false });
    expect(await shell()).toContain('window.__BRAND_THEME__=null');
  });
});
