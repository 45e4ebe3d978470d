import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../test/app';
import { createSignedInUser } from '../test/users';
import { appRouter } from './trpc/app-router';

/**
 * Junk to every /api path and every tRPC procedure (HTTP and websocket): never a 5xx, and no
 * row anywhere changes. Every generated value carries a poisoned leaf (NUL, a lone surrogate, a
 * year-0000 date, a number past int4/int8, a wrong type), so no request is accidentally valid.
 */
// Twilio configured (no peer needed: junk never passes the signature check), so the webhook answers 403, not 503.
const t = await startTestApp({
  env: {
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'fuzz-auth-token',
    TWILIO_FROM: '+14155550100',
    TWILIO_API_BASE: 'http://127.0.0.1:9',
  },
});
// The ticker catalogue loads itself into an empty database on first use: do that before counting rows.
await fetch(`${t.url}/api/tickers?q=A`);
const { session } = await createSignedInUser(t.database.db, { email: 'fuzz@example.com' });

/** Every documented /api operation (the OpenAPI document is read off the registered routes). */
const document = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
  paths: Record<string, Record<string, unknown>>;
};
const routes = Object.entries(document.paths).flatMap(([path, ops]) =>
  Object.keys(ops)
    .filter((m) => m === 'get' || m === 'post')
    .map((method) => ({
      method: method.toUpperCase(),
      url: `/api${path.replace(/^\/api/, '')}`.replace(/\{(\w+)\}/g, ':$1'),
    })),
);

const poison = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '0000-01-01T00:00:00Z', '\uDBFF\u0000'),
  fc.string().map((s) => `${s}\u0000`),
  fc.string().map((s) => `\uD83D${s.replace(/[\uDC00-\uDFFF]/g, '')}`),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 63, 1e308, -0.5),
);
const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    poison,
    fc.array(tie('value'), { minLength: 1, maxLength: 3 }).map((a) => [...a, '\u0000']),
    fc
      .dictionary(
        fc.constantFrom(
          'ticker',
          'tickers',
          'email',
          'phone',
          'q',
          'entry',
          'name',
          'cik',
          'token',
          'code',
          'identifier',
          'filters',
          'newSince',
          'cursor',
          'filingId',
          'session',
          'note',
          'confirm',
          'timeZone',
        ),
        tie('value'),
        { minKeys: 1, maxKeys: 3 },
      )
      .map((d) => ({ ...d, ticker: '\u0000' })),
  ),
})).value;

/** Percent-encoding; a lone surrogate has no UTF-8 form, so it goes as the bytes of an encoded one (invalid UTF-8). */
function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function changedTables(before: string, after: string): string[] {
  const was = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !was.has(line))
    .map((line) => line.split(':')[0]!);
}

async function tableDigest(): Promise<string> {
  const tables = await t.database.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    // The security log records refused junk (forged webhook signatures) by design.
    if (name === 'security_events') continue;
    // Last-seen stamps move on reads by design; everything else must stay as it was.
    const rows = await t.database.sql.unsafe(
      `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as d from "${name}" t`,
    );
    parts.push(`${name}:${rows[0]!.d}`);
  }
  return parts.join('\n');
}

const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures,
);

describe('junk never answers 5xx and changes nothing', () => {
  it('every /api path and every tRPC procedure over HTTP', async () => {
    const before = await tableDigest();
    expect(routes.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(junk, fc.constantFrom(...routes), fc.boolean(), async (value, route, signedIn) => {
        const url = route.url.replace(/:(\w+)/g, () => safeEncode(String(value).slice(0, 40)) || '%00');
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          origin: t.url,
          ...(signedIn ? { 'x-session': session } : {}),
        };
        const response = await fetch(
          `${t.url}${url}${route.method === 'GET' ? `?q=${safeEncode(JSON.stringify(value))}&token=%00&new_since=0000-01-01T00:00:00Z` : ''}`,
          {
            method: route.method,
            headers,
            body: route.method === 'GET' ? undefined : JSON.stringify(value),
          },
        );
        await response.arrayBuffer();
        expect(response.status, `${route.method} ${url}`).toBeLessThan(500);
        expect(response.headers.get('x-session'), `${route.method} ${url} created a session`).toBeNull();
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(
        junk,
        fc.constantFrom(...procedures),
        fc.boolean(),
        async (value, [path, procedure], signedIn) => {
          if (procedure._def.type === 'subscription') return;
          const headers: Record<string, string> = {
            'content-type': 'application/json',
            origin: t.url,
            ...(signedIn ? { 'x-session': session } : {}),
          };
          // Procedures without input ignore it: skip the ones that would then legitimately act for a signed-in caller.
          // auth.session exists to create the visitor's session (its one write), with any input.
          if (path === 'auth.session') return;
          if (signedIn && ['auth.logout', 'auth.cancelSubscription', 'auth.adminLogin'].includes(path)) return;
          const response =
            procedure._def.type === 'query'
              ? await fetch(`${t.url}/trpc/${path}?input=${safeEncode(JSON.stringify(value))}`, { headers })
              : await fetch(`${t.url}/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(value) });
          await response.arrayBuffer();
          expect(response.status, path).toBeLessThan(500);
          expect(response.headers.get('x-session'), `${path} created a session`).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
    expect(changedTables(before, await tableDigest())).toEqual([]);
  });

  it('every tRPC procedure over the websocket', async () => {
    const before = await tableDigest();
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/trpc?connectionParams=1`, {
      headers: { origin: t.url },
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ method: 'connectionParams', data: { session } }));
    const answers = new Map<number, (message: { error?: { data?: { httpStatus?: number } } }) => void>();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number };
      if (typeof message.id === 'number') answers.get(message.id)?.(message as never);
    });
    let id = 0;
    await fc.assert(
      fc.asyncProperty(junk, fc.constantFrom(...procedures), async (value, [path, procedure]) => {
        if (['auth.logout', 'auth.session', 'auth.cancelSubscription', 'auth.adminLogin'].includes(path)) return;
        id += 1;
        const method = procedure._def.type;
        const answer = new Promise<{ error?: { data?: { httpStatus?: number } } }>((resolve) =>
          answers.set(id, resolve),
        );
        socket.send(JSON.stringify({ id, method, params: { path, input: value } }));
        const message = await answer;
        if (method === 'subscription') socket.send(JSON.stringify({ id, method: 'subscription.stop' }));
        expect(message.error?.data?.httpStatus ?? 200, path).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    socket.close();
    expect(changedTables(before, await tableDigest())).toEqual([]);
  });
});
