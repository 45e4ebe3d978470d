/**
 * The OpenAPI document is the REST contract: every /api route the app registers is in it, and
 * real answers (successes and errors) match the schemas it states for them.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listDevOutbox } from '../../domains/auth/dev-outbox.service';
import { startTestApp } from '../../test/app';
import { storeReplayFilings } from '../../test/replay-filings';
import { createSignedInUser } from '../../test/users';
import { openApiPath } from './openapi';

const { url, app, deps } = await startTestApp();
await storeReplayFilings(deps.db, ['0000899243-22-035394']);
const docAdmin = await createSignedInUser(deps.db, { email: 'doc-admin@example.com', isAdmin: true });
const adminBearer = (
  (await (
    await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': docAdmin.session },
      body: '{}',
    })
  ).json()) as { token: string }
).token;
// The whole document, admin part included, is for admins.
const doc = (await (
  await fetch(`${url}/api/openapi.json`, { headers: { authorization: `Bearer ${adminBearer}` } })
).json()) as {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> }>
  >;
  components: { schemas: Record<string, Record<string, unknown>> };
};

type Sample = {
  op: string;
  path?: string;
  body?: unknown;
  session?: string;
  admin?: string;
  headers?: Record<string, string>;
  status: number;
};

const checked = new Map<string, number[]>();

/** Calls the route and checks the answer against the document's schema for its status. */
async function check(sample: Sample): Promise<unknown> {
  const [method, template] = sample.op.split(' ') as [string, string];
  const response = await fetch(`${url}${sample.path ?? template}`, {
    method,
    headers: {
      ...(sample.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(sample.session ? { 'x-session': sample.session } : {}),
      ...(sample.admin ? { authorization: `Bearer ${sample.admin}` } : {}),
      ...sample.headers,
    },
    body: sample.body !== undefined ? JSON.stringify(sample.body) : undefined,
    redirect: 'manual',
  });
  const body = (await response.json()) as unknown;
  expect(response.status, `${sample.op}: ${JSON.stringify(body)}`).toBe(sample.status);
  const declared = doc.paths[template]?.[method.toLowerCase()]?.responses[String(response.status)];
  expect(declared, `${sample.op} answers ${response.status}, which the document does not list`).toBeDefined();
  let schema = declared!.content?.['application/json']?.schema;
  expect(schema, `${sample.op} ${response.status} has no JSON schema`).toBeDefined();
  if (schema!.$ref === '#/components/schemas/Error') schema = doc.components.schemas.Error;
  const parsed = z.fromJSONSchema(schema as never).safeParse(body);
  expect(
    parsed.success,
    `${sample.op} ${response.status}: ${JSON.stringify(parsed.error?.issues)}\n${JSON.stringify(body).slice(0, 500)}`,
  ).toBe(true);
  checked.set(sample.op, [...(checked.get(sample.op) ?? []), response.status]);
  return body;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every /api route the app registered (missing ones by name)', () => {
    expect(doc.openapi).toBe('3.1.0');
    const missing = app.registeredRoutes
      .filter((r) => r.url.startsWith('/api'))
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('describes the admin API only to admins (visitors and signed-in users see the rest)', async () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/')).length).toBeGreaterThan(10);
    const user = await createSignedInUser(deps.db, { email: 'doc-reader@example.com' });
    const callers: Record<string, string>[] = [
      {},
      { 'x-session': user.session },
      { authorization: 'Bearer not-a-session' },
    ];
    for (const headers of callers) {
      const seen = (await (await fetch(`${url}/api/openapi.json`, { headers })).json()) as typeof doc;
      const paths = Object.keys(seen.paths);
      expect(paths).toContain('/api/watchlist');
      expect(paths.filter((p) => p.startsWith('/api/admin'))).toEqual([]);
      const page = await (await fetch(`${url}/api/docs`, { headers })).text();
      expect(page).not.toContain('/api/admin/');
    }
  });

  it('is rendered as a page at /api/docs with no outside assets', async () => {
    const response = await fetch(`${url}/api/docs`);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('/api/ticker/{ticker}');
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });

  it('real answers match the schemas it states', async () => {
    await check({ op: 'GET /api/health', status: 200 });
    await check({ op: 'GET /api/ready', status: 200 });
    await check({ op: 'GET /api/tickers', path: '/api/tickers?q=tes', status: 200 });
    // A visitor adds tickers: the answer carries the new anonymous session.
    const added = (await check({
      op: 'POST /api/subscribe',
      body: { tickers: 'TSLA,AAPL,NOPE', forms: '8-K' },
      status: 200,
    })) as { session: string };
    const visitor = added.session;
    await check({ op: 'POST /api/subscribe', body: { tickers: '', forms: '8-K' }, status: 400 });
    await check({ op: 'GET /api/watchlist', session: visitor, status: 200 });
    await check({ op: 'GET /api/watchlist', status: 200 });
    await check({ op: 'POST /api/unsubscribe', body: { ticker: 'AAPL' }, session: visitor, status: 200 });
    await check({ op: 'POST /api/unsubscribe', body: { ticker: 'AAPL' }, status: 401 });
    await check({ op: 'GET /api/profile', session: visitor, status: 200 });
    await check({ op: 'POST /api/profile', body: { timeZone: 'Europe/Berlin' }, session: visitor, status: 200 });
    await check({
      op: 'POST /api/update-notification-preferences',
      body: { digest: true },
      session: visitor,
      status: 200,
    });
    await check({ op: 'POST /api/update-alert-thresholds', body: { email: 'HIGH' }, session: visitor, status: 200 });
    await check({ op: 'POST /api/update-alert-thresholds', body: {}, session: visitor, status: 400 });
    await check({
      op: 'POST /api/notify',
      body: { email: 'visitor@example.com', notify_via: ['email'] },
      session: visitor,
      status: 200,
    });
    await check({
      op: 'POST /api/add-secondary-contact',
      body: { phone: '+12025550143' },
      session: visitor,
      status: 200,
    });

    await check({ op: 'GET /api/ticker/{ticker}', path: '/api/ticker/TSLA?form=4', session: visitor, status: 200 });
    await check({ op: 'GET /api/ticker/{ticker}', path: '/api/ticker/ZZZZZZ', status: 404 });
    await check({ op: 'GET /api/ticker/{ticker}/filings', path: '/api/ticker/TSLA/filings', status: 200 });
    await check({ op: 'GET /api/ticker/{ticker}/chart', path: '/api/ticker/TSLA/chart?range=1Y', status: 200 });
    await check({ op: 'GET /api/public/ticker/{ticker}', path: '/api/public/ticker/TSLA', status: 200 });
    await check({ op: 'GET /api/ticker/{ticker}/threads', path: '/api/ticker/TSLA/threads', status: 200 });
    await check({ op: 'GET /api/ticker/{ticker}/threads', path: '/api/ticker/ZZZZZZ/threads', status: 404 });
    await check({ op: 'GET /api/insider/cik/{cik}', path: '/api/insider/cik/1494730', status: 200 });
    await check({
      op: 'GET /api/insider/by-name/{name}',
      path: `/api/insider/by-name/${encodeURIComponent('Elon Musk')}`,
      status: 200,
    });
    await check({ op: 'GET /api/insider/by-name/{name}', path: '/api/insider/by-name/Nobody%20Here', status: 404 });
    await check({
      op: 'POST /api/filings/{id}/analysis-feedback',
      path: '/api/filings/1/analysis-feedback',
      body: { vote: 'up' },
      session: visitor,
      status: 403,
    });

    // Sign-in by a texted code (read from the development outbox, where texts go without Twilio).
    await check({ op: 'POST /api/login', body: { identifier: '+12025550188' }, status: 200 });
    const [text] = await listDevOutbox(deps.db, { limit: 1 });
    const code = text!.body.match(/\b(\d{6})\b/)![1];
    await check({
      op: 'POST /api/verify-login-code',
      body: { identifier: '+12025550188', code: code === '000000' ? '111111' : '000000' },
      status: 400,
    });
    const signed = (await check({
      op: 'POST /api/verify-login-code',
      body: { identifier: '+12025550188', code },
      status: 200,
    })) as { session: string };
    await check({ op: 'POST /api/logout', body: { session: signed.session }, status: 200 });

    const pro = await createSignedInUser(deps.db, { email: 'pro@example.com', planType: 'pro', planStatus: 'active' });
    await check({
      op: 'POST /api/assistant',
      body: { question: 'What did TSLA file this week?' },
      session: pro.session,
      headers: { 'x-brand': 'allfilings' },
      status: 200,
    });
    await check({
      op: 'POST /api/assistant',
      body: { question: '' },
      session: pro.session,
      headers: { 'x-brand': 'allfilings' },
      status: 400,
    });
    await check({ op: 'POST /api/assistant', body: { question: 'hi' }, session: pro.session, status: 403 });
    await check({ op: 'POST /api/assistant', body: { question: 'hi' }, session: visitor, status: 403 });
    // PRO granted by hand has no Stripe subscription to cancel (the lifecycle is in billing.test.ts).
    await check({ op: 'POST /api/cancel-subscription', body: {}, session: pro.session, status: 409 });
    await check({ op: 'POST /api/delete-account', body: { confirm: true }, session: pro.session, status: 200 });

    const admin = await createSignedInUser(deps.db, { email: 'admin@example.com', isAdmin: true });
    const bearer = (await check({ op: 'POST /api/admin/login', body: {}, session: admin.session, status: 200 })) as {
      token: string;
    };
    await check({ op: 'POST /api/admin/logout', admin: bearer.token, status: 200 });
    await check({ op: 'POST /api/admin/logout', admin: bearer.token, status: 401 });

    // Every documented JSON success answer was seen at least once.
    const unseen = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.responses['200']?.content?.['application/json']?.schema)
        .map(([method]) => `${method.toUpperCase()} ${path}`)
        .filter((op) => !checked.get(op)?.includes(200))
        // /api/admin/* answers are checked against their rows' schemas by every admin test (test/admin.ts adminApi).
        .filter((op) => !/ \/api\/admin\/(?!login|logout)/.test(op)),
    );
    // The emailed links' confirm POSTs need a mailed token: login.test.ts and contacts.test.ts cover them.
    // The PRO feedback needs a generated AI analysis (feedback.test.ts covers it). Billing answers
    // beyond these two need a paid subscription at a Stripe peer: billing.test.ts covers them.
    const buyer = await createSignedInUser(deps.db, { email: 'buyer@example.com' });
    await check({ op: 'GET /api/billing', session: buyer.session, status: 200 });
    await check({ op: 'POST /api/billing/checkout', body: {}, session: buyer.session, status: 200 });
    await check({ op: 'GET /api/latency', status: 200 });
    // Personal API tokens (issue #31): made with the session, used as the bearer credential.
    const made = (await check({
      op: 'POST /api/tokens',
      body: { name: 'doc', scope: 'write' },
      session: buyer.session,
      status: 201,
    })) as { id: string; token: string };
    await check({ op: 'GET /api/tokens', session: buyer.session, status: 200 });
    await check({ op: 'DELETE /api/tokens/{id}', path: `/api/tokens/${made.id}`, session: buyer.session, status: 200 });
    await check({ op: 'DELETE /api/tokens/{id}', path: `/api/tokens/${made.id}`, session: buyer.session, status: 404 });
    // Webhooks (PRO). An IP literal is checked without DNS and nothing is sent on creation; before the
    // test send the hook is pointed at loopback, which this app refuses, so no packet leaves the machine.
    const hooker = await createSignedInUser(deps.db, {
      email: 'hooks@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    const hook = (await check({
      op: 'POST /api/hooks',
      body: { url: 'https://8.8.8.8/hook', format: 'json' },
      session: hooker.session,
      status: 201,
    })) as { id: string; secret: string };
    await check({
      op: 'POST /api/hooks',
      body: { url: 'https://127.0.0.1/', format: 'json' },
      session: hooker.session,
      status: 400,
    });
    await check({ op: 'GET /api/hooks', session: hooker.session, status: 200 });
    await deps.db.execute(sql`update webhooks set url = 'https://127.0.0.1:1/' where id = ${hook.id}`);
    const tested = (await check({
      op: 'POST /api/hooks/{id}/test',
      path: `/api/hooks/${hook.id}/test`,
      body: {},
      session: hooker.session,
      status: 200,
    })) as { ok: boolean };
    expect(tested.ok).toBe(false);
    await check({ op: 'DELETE /api/hooks/{id}', path: `/api/hooks/${hook.id}`, session: hooker.session, status: 200 });
    expect(unseen.filter((op) => !checked.get(op)?.includes(200))).toEqual([
      'POST /api/verify-login',
      'POST /api/verify-email',
      'POST /api/filings/{id}/analysis-feedback',
      'GET /api/billing/checkout/confirm',
      'POST /api/billing/portal',
      'GET /api/billing/addons/preview',
      'POST /api/billing/addons',
      'POST /api/cancel-subscription',
      'POST /api/resume-subscription',
      'POST /api/webhooks/stripe',
    ]);
  });
});
