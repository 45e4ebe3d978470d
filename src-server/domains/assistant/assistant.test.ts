/**
 * The assistant end to end on real filings: tools scoped to the asking user, tier 1 through a
 * loopback OpenAI-format peer (function calling, streaming), the checker's fallback, the daily
 * model budget shared with AI analysis, and the REST and websocket transports.
 */
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChatClient } from '../../integrations/llm/chat-client';
import { seedAssistantCorpus, seedGoldenUsers } from '../../test/assistant-corpus';
import { startTestApp, type TestApp } from '../../test/app';
import { restClient } from '../../test/auth-client';
import { startScriptedLlmPeer, type PeerRequest, type PeerTurn } from '../../test/peers/llm';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';
import { analyseFiling } from '../filings/analysis.service';
import { ask } from './assistant.service';
import type { AssistantEvent } from './assistant.router';
import { loadContext } from './context';
import { llmCallsToday } from './llm-budget';
import { runTool, TOOL_SPECS } from './tier1';

let t: TestApp;
let users: Record<'alice' | 'bob' | 'carol', string>;
let sessions: { pro: string; free: string; admin: string };
let script: (request: PeerRequest, call: number) => PeerTurn = () => ({ content: 'unused' });
let peer: Awaited<ReturnType<typeof startScriptedLlmPeer>>;
const NOW = new Date('2025-06-01T15:00:00Z');
const MUSK = '0000899243-22-035394';
/** The assistant answers on the paid brand only (SPEC §6): a local host selects it with X-Brand. */
const PAID = { 'x-brand': 'allfilings' };

const lastToolResult = (r: PeerRequest) => [...r.messages].reverse().find((m) => m.role === 'tool')?.content ?? '';
const llm = () => createChatClient({ baseUrl: peer.baseUrl, model: 'peer-model', timeoutMs: 1_000 });

beforeAll(async () => {
  peer = await startScriptedLlmPeer((request, call) => script(request, call));
  t = await startTestApp();
  await seedAssistantCorpus(t.deps.db);
  users = await seedGoldenUsers(t.deps.db);
  const pro = await createSignedInUser(t.deps.db, { email: 'pro@example.com', planType: 'pro', planStatus: 'active' });
  const free = await createSignedInUser(t.deps.db, { email: 'free@example.com' });
  const admin = await createSignedInUser(t.deps.db, { email: 'admin@example.com', isAdmin: true });
  await t.deps.db.execute(sql`insert into watchlist_items (user_id, ticker) values (${pro.user.id}::uuid, 'TSLA')`);
  sessions = { pro: pro.session, free: free.session, admin: admin.session };
}, 180_000);

describe('tools are scoped to the asking user', () => {
  it('alert receipts are the caller’s own: another user’s alert never shows', async () => {
    const bob = await ask(t.deps.db, { userId: users.bob, question: 'When was I alerted about NVDA?', now: NOW });
    expect(bob.citations).toEqual(['0001045810-23-000128']);
    const alice = await ask(t.deps.db, { userId: users.alice, question: 'When was I alerted about NVDA?', now: NOW });
    expect(alice.citations).toEqual([]);
    expect(alice.text).toMatch(/No alerts sent to you/);
    const aliceAll = await ask(t.deps.db, {
      userId: users.alice,
      question: 'When was I alerted about my filings?',
      now: NOW,
    });
    expect(aliceAll.citations.sort()).toEqual([MUSK, '0000950170-25-003585']);
  });

  it('"my list" is the caller’s watchlist only', async () => {
    const bob = await ask(t.deps.db, { userId: users.bob, question: 'What did my watchlist file?', now: NOW });
    expect(bob.coverage.tickers.sort()).toEqual(['GOOG', 'NVDA']);
    expect(bob.text).not.toMatch(/TSLA|AAPL/);
    const alice = await ask(t.deps.db, { userId: users.alice, question: 'What did my watchlist file?', now: NOW });
    expect(alice.coverage.tickers.sort()).toEqual(['AAPL', 'TSLA']);
    expect(alice.text).not.toMatch(/NVDA|GOOG/);
  });

  it('every model tool reads only the caller’s watchlist when no company is named, and alerts only the caller’s', async () => {
    const aliceContext = await loadContext(t.deps.db, { userId: users.alice, now: NOW });
    // Bob's companies: NVIDIA, Alphabet and Google Inc. (GOOG).
    const bobAccessions = new Set(
      (
        await t.deps.db.execute<{ a: string }>(
          sql`select accession_no as a from filings where cik in (1045810, 1652044, 1288776)`,
        )
      ).map((r) => r.a),
    );
    expect(bobAccessions.size).toBeGreaterThan(0);
    for (const spec of TOOL_SPECS) {
      if (spec.function.name === 'insider_history') continue; // names a person, not a scope
      const result = await runTool(
        t.deps.db,
        aliceContext,
        spec.function.name,
        JSON.stringify(spec.function.name === 'filing_dates' ? { forms: ['10-Q', '4'] } : {}),
      );
      expect('error' in result, spec.function.name).toBe(false);
      if ('error' in result) continue;
      expect(
        result.facts.filter((f) => bobAccessions.has(f.source.accessionNo)),
        spec.function.name,
      ).toEqual([]);
    }
    // Naming bob's company does not reach bob's alert receipts.
    const alerts = await runTool(t.deps.db, aliceContext, 'my_alerts', JSON.stringify({ tickers: ['NVDA'] }));
    expect('error' in alerts ? alerts : alerts.facts).toEqual([]);
    // Arguments are validated; a user id in them is refused, not used.
    expect(await runTool(t.deps.db, aliceContext, 'my_alerts', JSON.stringify({ userId: users.bob }))).toMatchObject({
      error: expect.stringMatching(/bad arguments/),
    });
  });

  it('conversations and votes cannot be reached by another user', async () => {
    const first = await ask(t.deps.db, { userId: users.alice, question: 'When was AAPL’s last 10-Q?', now: NOW });
    await expect(
      ask(t.deps.db, { userId: users.bob, question: 'and TSLA?', conversationId: first.conversationId }),
    ).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    const rows = await t.deps.db.execute(
      sql`select count(*)::int as n from assistant_messages where conversation_id = ${first.conversationId}::uuid`,
    );
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe('tier 1: a model over the same tools, behind the checker', () => {
  it('calls tools (streamed), cites what they returned, and answers as tier 1', async () => {
    script = (r, call) =>
      r.messages.some((m) => m.role === 'tool')
        ? { content: `Elon Musk sold 4,400,000 shares in nine open-market sales on 2022-11-08 [[acc:${MUSK}]].` }
        : {
            toolCalls: [{ name: 'insider_history', arguments: { name: 'Elon Musk', codes: ['S'] } }],
            content: call < 0 ? '' : undefined,
          };
    const events: string[] = [];
    const answer = await ask(t.deps.db, {
      userId: users.alice,
      question: 'Has Tesla’s boss been offloading stock?',
      now: NOW,
      llm: llm(),
      onEvent: (e) => events.push(e.type),
    });
    expect(answer).toMatchObject({ tier: 1, citations: [MUSK] });
    expect(answer.degraded).toBeUndefined();
    expect(answer.facts.every((f) => f.source.accessionNo === MUSK)).toBe(true);
    expect(events.at(-1)).toBe('delta');
    const [first, second] = peer.requests.slice(-2);
    expect(first!.stream).toBe(true);
    expect(first!.tools?.map((x) => x.function.name)).toContain('insider_history');
    expect(lastToolResult(second!)).toContain('4,400,000');
  });

  it('sends the conversation so far, so a follow-up with a pronoun can be understood', async () => {
    script = (r) =>
      r.messages.some((m) => m.role === 'tool')
        ? { content: `He sold 4,400,000 shares [[acc:${MUSK}]].` }
        : { toolCalls: [{ name: 'insider_history', arguments: { name: 'Elon Musk', codes: ['S'] } }] };
    const first = await ask(t.deps.db, { userId: users.alice, question: 'What did Musk sell?', now: NOW, llm: llm() });
    await ask(t.deps.db, {
      userId: users.alice,
      question: 'And how much did he keep?',
      conversationId: first.conversationId,
      now: NOW,
      llm: llm(),
    });
    const sent = peer.requests.at(-2)!.messages.map((m) => [m.role, m.content]);
    expect(sent.slice(1, 4)).toEqual([
      ['user', 'What did Musk sell?'],
      ['assistant', first.text],
      ['user', 'And how much did he keep?'],
    ]);
  });

  it('a model that invents a number or a citation is caught, and tier 0 answers saying so', async () => {
    for (const invented of [
      `Elon Musk sold 5,000,000 shares [[acc:${MUSK}]].`,
      'Elon Musk sold shares [[acc:0000320193-20-000086]].',
    ]) {
      script = (r) =>
        r.messages.some((m) => m.role === 'tool')
          ? { content: invented }
          : { toolCalls: [{ name: 'insider_history', arguments: { name: 'Elon Musk', codes: ['S'] } }] };
      const answer = await ask(t.deps.db, {
        userId: users.alice,
        question: 'How many shares did Musk sell in his 2022-11-08 Form 4?',
        now: NOW,
        llm: llm(),
      });
      expect(answer).toMatchObject({ tier: 0, degraded: 'llm_rejected', citations: [MUSK] });
      expect(answer.caveats[0]).toMatch(/rejected by our fact checker/);
      expect(answer.text).toContain('4,400,000');
    }
  });

  it('falls back to tier 0 on a timeout', async () => {
    script = () => ({ delayMs: 1_500, content: 'late' });
    const answer = await ask(t.deps.db, {
      userId: users.alice,
      question: 'When was AAPL’s last 10-Q?',
      now: NOW,
      llm: llm(),
      llmTimeoutMs: 1_000,
    });
    expect(answer).toMatchObject({ tier: 0, degraded: 'llm_timeout', intent: 'dates' });
  });

  it('detects an endpoint without function calling once, then uses it for prose over tier 0’s facts', async () => {
    script = (r) => {
      if (r.tools?.length)
        return {
          status: 400,
          error: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
        };
      const facts = r.messages.at(-1)!.content!.split('Facts:\n')[1]!;
      return { content: `Here is what the filings say.\n${facts}` };
    };
    const client = llm();
    const before = peer.calls;
    const first = await ask(t.deps.db, {
      userId: users.bob,
      question: 'Did Debora Shoquist sell NVDA on the open market?',
      now: NOW,
      llm: client,
    });
    expect(first).toMatchObject({ tier: 1, degraded: 'prose_only', citations: ['0001045810-23-000128'] });
    expect(peer.calls - before).toBe(2);
    const second = await ask(t.deps.db, {
      userId: users.bob,
      question: 'What did NVDA file in 2023?',
      now: NOW,
      llm: client,
    });
    expect(second).toMatchObject({ tier: 1, degraded: 'prose_only' });
    expect(peer.calls - before).toBe(3);
    expect(peer.requests.at(-1)!.tools).toBeUndefined();
  });

  it('a daily budget of model calls per user covers the assistant and AI analysis', async () => {
    script = () => ({ content: 'No numbers here, and no citations.' });
    const carol = users.carol;
    const limit = (await llmCallsToday(t.deps.db, { userId: carol })) + 1;
    // A model text with no number, citation or quote passes the checker (it claims nothing).
    const spent = await ask(t.deps.db, {
      userId: carol,
      question: 'Tell me about filings',
      now: NOW,
      llm: llm(),
      dailyLlmCalls: limit,
    });
    expect(spent.tier).toBe(1);
    const over = await ask(t.deps.db, {
      userId: carol,
      question: 'Tell me about filings',
      now: NOW,
      llm: llm(),
      dailyLlmCalls: limit,
    });
    expect(over).toMatchObject({ tier: 0, degraded: 'llm_budget' });
    expect(await llmCallsToday(t.deps.db, { userId: carol })).toBe(limit);
    const [filing] = await t.deps.db.execute<{ id: number }>(
      sql`select id::float8 as id from filings where accession_no = ${MUSK}`,
    );
    const callsBefore = peer.calls;
    await expect(
      analyseFiling(t.deps.db, { llm: llm(), filingId: filing!.id, userId: carol, dailyLlmCalls: limit }),
    ).resolves.toMatchObject({ kind: 'rules', degraded: 'llm_budget' });
    expect(peer.calls).toBe(callsBefore);
  });

  it('runs one model call per filing for concurrent AI analysis requests', async () => {
    script = () => ({ delayMs: 200, content: 'Elon Musk sold 4,400,000 shares in the open market.' });
    const [filing] = await t.deps.db.execute<{ id: number }>(
      sql`select id::float8 as id from filings where accession_no = ${MUSK}`,
    );
    const before = peer.calls;
    const client = llm();
    const results = await Promise.all(
      [1, 2, 3].map(() => analyseFiling(t.deps.db, { llm: client, filingId: filing!.id })),
    );
    expect(results.map((r) => r.kind)).toEqual(['model', 'model', 'model']);
    expect(peer.calls - before).toBe(1);
  });

  it('holds no transaction or lock while the model answers, and waits for another process’s claim instead', async () => {
    const unanalysed = async () =>
      (
        await t.deps.db.execute<{ id: number }>(
          sql`select id::float8 as id from filings where id not in (select filing_id from filing_analyses) order by id desc limit 1`,
        )
      )[0]!.id;
    // While the model takes 400 ms, the database sees no open transaction and no advisory lock of ours.
    // pg_locks is the whole server's: count this database's advisory locks, against what long-lived
    // holders (a sender identity, a leader) already had before the call.
    const snapshot = async () =>
      (
        await t.deps.db.execute<{ tx: number; locks: number }>(sql`
      select (select count(*)::int from pg_stat_activity
               where datname = current_database() and state like 'idle in transaction%') as tx,
             (select count(*)::int from pg_locks where locktype = 'advisory'
               and database = (select oid from pg_database where datname = current_database())) as locks`)
      )[0]!;
    const locksBefore = (await snapshot()).locks;
    script = () => ({ delayMs: 400, content: 'The company filed a report.' });
    const callsBefore = peer.calls;
    const first = analyseFiling(t.deps.db, { llm: llm(), filingId: await unanalysed() });
    // The request has reached the model, which answers 400 ms after it arrived.
    await expect.poll(() => peer.calls).toBe(callsBefore + 1);
    expect(await snapshot()).toEqual({ tx: 0, locks: locksBefore });
    expect((await first).kind).toBe('model');

    // Another process holds the claim: this one waits, then reads that process's text (no second call).
    const filingId = await unanalysed();
    await t.deps.db.execute(
      sql`insert into work_claims (key, holder) values (${`filing-analysis:${filingId}`}, 'other')`,
    );
    const before = peer.calls;
    // Its statements are watched: once it has asked for the claim (held by 'other'), it is past
    // the cache check and waiting, so the text written now reaches it through the wait.
    const dialect = new PgDialect();
    let claimTries = 0;
    const watched = new Proxy(t.deps.db, {
      get: (target, key) =>
        key === 'execute'
          ? (query: SQL) => {
              if (dialect.sqlToQuery(query).sql.includes('insert into work_claims')) claimTries += 1;
              return target.execute(query);
            }
          : Reflect.get(target, key),
    });
    const waiting = analyseFiling(watched, { llm: llm(), filingId });
    await expect.poll(() => claimTries).toBeGreaterThanOrEqual(1);
    await t.deps.db.execute(
      sql`insert into filing_analyses (filing_id, model, summary) values (${filingId}, 'peer-model', 'Written elsewhere.')`,
    );
    await t.deps.db.execute(sql`delete from work_claims where holder = 'other'`);
    expect(await waiting).toMatchObject({ kind: 'model', summary: 'Written elsewhere.' });
    expect(peer.calls).toBe(before);
  });

  it('AI analysis text with a number the filing does not hold is not shown', async () => {
    script = () => ({ content: 'Debora Shoquist sold 99,999 shares.' });
    const [filing] = await t.deps.db.execute<{ id: number }>(
      sql`select id::float8 as id from filings where accession_no = '0001045810-23-000128'`,
    );
    await expect(analyseFiling(t.deps.db, { llm: llm(), filingId: filing!.id })).resolves.toMatchObject({
      kind: 'rules',
      degraded: 'llm_rejected',
    });
    const cached = await t.deps.db.execute(sql`select 1 from filing_analyses where filing_id = ${filing!.id}`);
    expect(cached).toHaveLength(0);
  });
});

describe('transports', () => {
  it('POST /api/assistant returns the answer contract to PRO users, keeps the conversation, and records votes', async () => {
    const api = restClient(t.url, { headers: PAID });
    const res = await api.post<Record<string, unknown>>(
      '/api/assistant',
      { question: 'What did TSLA file in January 2025?' },
      { session: sessions.pro },
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      expect.arrayContaining(['text', 'facts', 'citations', 'asOf', 'coverage', 'tier', 'caveats']),
    );
    expect(res.body).toMatchObject({ tier: 0, coverage: { tickers: ['TSLA'], from: '2025-01-01', to: '2025-01-31' } });
    const fact = (res.body.facts as { source: Record<string, unknown> }[])[0]!;
    expect(Object.keys(fact.source)).toEqual(expect.arrayContaining(['accessionNo', 'form', 'filedAt', 'item', 'url']));
    const next = await api.post(
      '/api/assistant',
      { question: 'And in February 2025?', conversationId: res.body.conversationId },
      { session: sessions.pro },
    );
    expect(next.body.conversationId).toBe(res.body.conversationId);
    const trpc = await fetch(`${t.url}/trpc/assistant.rate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': sessions.pro, ...PAID },
      body: JSON.stringify({ messageId: res.body.messageId, vote: 'down', comment: 'Missing the 8-K' }),
    });
    expect(trpc.status).toBe(200);
    const foreign = await fetch(`${t.url}/trpc/assistant.rate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': sessions.admin, ...PAID },
      body: JSON.stringify({ messageId: res.body.messageId, vote: 'up' }),
    });
    expect(foreign.status).toBe(404);
    const [vote] = await t.deps.db.execute(
      sql`select vote::int, comment from assistant_feedback where message_id = ${res.body.messageId as number}`,
    );
    expect(vote).toEqual({ vote: -1, comment: 'Missing the 8-K' });
  });

  it('refuses free and anonymous callers and bad input with 4xx, writing nothing', async () => {
    const api = restClient(t.url, { headers: PAID });
    const count = async () =>
      (await t.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from assistant_messages`))[0]!.n;
    const before = await count();
    expect(
      (await api.post('/api/assistant', { question: 'Should I buy NVDA?' }, { session: sessions.free })).body,
    ).toMatchObject({ error: 'pro_required' });
    expect((await api.post('/api/assistant', { question: 'Should I buy NVDA?' })).status).toBe(401);
    for (const body of [
      {},
      { question: '' },
      { question: 'x'.repeat(501) },
      { question: 'a\u0000b' },
      { question: 'hi', conversationId: 'nope' },
      { question: 'hi', extra: 1 },
      '[1,2',
    ]) {
      const res = await api.post('/api/assistant', body, { session: sessions.pro });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const foreign = await api.post(
      '/api/assistant',
      { question: 'hi', conversationId: '00000000-0000-4000-8000-000000000000' },
      { session: sessions.pro },
    );
    expect(foreign.status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('answers only on the paid brand: a PRO user on the 8-K or Insider brand gets 403 on every transport, writing nothing', async () => {
    const count = async () =>
      (await t.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from assistant_messages`))[0]!.n;
    const before = await count();
    for (const brand of ['8k', 'form4', undefined]) {
      const api = restClient(t.url, { headers: brand ? { 'x-brand': brand } : {} });
      const res = await api.post('/api/assistant', { question: 'What did TSLA file?' }, { session: sessions.pro });
      expect(res, String(brand)).toMatchObject({ status: 403, body: { error: 'assistant_not_on_brand' } });
      const trpc = await fetch(`${t.url}/trpc/assistant.answer`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-session': sessions.pro,
          ...(brand ? { 'x-brand': brand } : {}),
        },
        body: JSON.stringify({ question: 'What did TSLA file?' }),
      });
      expect(trpc.status).toBe(403);
      const latest = await fetch(`${t.url}/trpc/assistant.latestConversation`, {
        headers: { 'x-session': sessions.pro, ...(brand ? { 'x-brand': brand } : {}) },
      });
      expect(latest.status).toBe(403);
    }
    const ws = createWSClient({
      url: `${t.url.replace('http', 'ws')}/trpc`,
      WebSocket: WebSocket as never,
      connectionParams: { session: sessions.pro, brand: 'form4' },
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws })] });
    const error = await new Promise<unknown>((resolve) => {
      client.assistant.ask.subscribe({ question: 'hi' }, { onData: () => resolve(null), onError: resolve });
    });
    await ws.close();
    expect((error as { data?: { reason?: string } }).data?.reason).toBe('assistant_not_on_brand');
    expect(await count()).toBe(before);
  });

  it('limits each user, with or without a model: 2 questions in flight, 30 per 10 minutes, a 429 that says so', async () => {
    const api = restClient(t.url, { headers: PAID });
    const { user, session } = await createSignedInUser(t.deps.db, {
      email: 'eager@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    const ask = () =>
      api.post<Record<string, unknown>>('/api/assistant', { question: 'What did TSLA file?' }, { session });
    // Two questions of this user still being answered (held here as the service holds them).
    const inFlight = t.deps.assistantSlots.take([
      { key: user.id, limit: 2 },
      { key: user.id, limit: 2 },
    ]);
    const busy = await ask();
    expect(busy).toMatchObject({ status: 429, body: { error: 'too_many_questions' } });
    expect(String(busy.body.message)).toMatch(/2 questions being answered/);
    if ('release' in inFlight) inFlight.release();
    // Another user is not held up by this one.
    expect(
      (await api.post('/api/assistant', { question: 'What did TSLA file?' }, { session: sessions.pro })).status,
    ).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await ask()).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const limited = await ask();
    expect(limited).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('streams over the tRPC websocket: status, checked lines, then the contract', async () => {
    const ws = createWSClient({
      url: `${t.url.replace('http', 'ws')}/trpc`,
      WebSocket: WebSocket as never,
      connectionParams: { session: sessions.pro, brand: 'allfilings' },
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws })] });
    const events: AssistantEvent[] = [];
    await new Promise<void>((resolve, reject) => {
      const sub = client.assistant.ask.subscribe(
        { question: 'Any insider selling at TSLA?' },
        {
          onData: (e) => {
            events.push(e as AssistantEvent);
            if ((e as AssistantEvent).type === 'answer') {
              sub.unsubscribe();
              resolve();
            }
          },
          onError: reject,
        },
      );
    });
    await ws.close();
    expect(events[0]).toMatchObject({ type: 'status' });
    expect(
      events
        .filter((e) => e.type === 'delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toContain('Kathleen Wilson-Thompson');
    const final = events.at(-1) as Extract<AssistantEvent, { type: 'answer' }>;
    expect(final.answer).toMatchObject({ tier: 0, intent: 'insider' });
    expect(final.answer.citations).toContain(MUSK);
  });

  it('free users cannot open the websocket stream', async () => {
    const ws = createWSClient({
      url: `${t.url.replace('http', 'ws')}/trpc`,
      WebSocket: WebSocket as never,
      connectionParams: { session: sessions.free, brand: 'allfilings' },
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws })] });
    const error = await new Promise<unknown>((resolve) => {
      client.assistant.ask.subscribe({ question: 'hi' }, { onData: () => resolve(null), onError: resolve });
    });
    await ws.close();
    expect((error as { data?: { reason?: string } }).data?.reason).toBe('pro_required');
  });
});
