/**
 * AI analysis on ticker pages: PRO users read it (generated through a loopback OpenAI-format
 * peer and cached), everyone else gets a locked teaser without the text; thumbs up/down per
 * user and filing, isolated between users, listed for admins. Filings are Apple's real 8-Ks.
 */
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { createChatClient } from '../../integrations/llm/chat-client';
import { startTestApp } from '../../test/app';
import { startLlmPeer } from '../../test/peers/llm';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';
import { createSession } from '../auth/session.service';

const ANALYSIS =
  'Apple reported quarterly results. Revenue and margins are in the attached press release; watch guidance on the call.';
const llm = await startLlmPeer(() => ANALYSIS);
const { url, deps } = await startTestApp({
  customise: (d) => ({ ...d, llm: createChatClient({ baseUrl: llm.baseUrl, model: 'peer-model', timeoutMs: 5_000 }) }),
});
const db = deps.db;
const eightKs = realFilings('AAPL', { forms: ['8-K'] }).slice(0, 5);
const [analysed, plain] = await insertRealFilings(db, eightKs, { ticker: 'AAPL', importance: 'HIGH' });

const client = (headers: Record<string, string> = {}) =>
  createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${url}/trpc`, headers })] });
const proA = await createSignedInUser(db, { email: 'pro-a@example.com', planType: 'pro', planStatus: 'active' });
const proB = await createSignedInUser(db, { email: 'pro-b@example.com', planType: 'pro', planStatus: 'active' });
const free = await createSignedInUser(db, { email: 'free@example.com' });
const admin = await createSignedInUser(db, { email: 'admin@example.com', isAdmin: true });
const adminToken = (await createSession(db, { userId: admin.user.id, kind: 'admin' })).token;
const as = (session: string) => client({ 'x-session': session });

const filingOf = async (session: string | null, id: number) => {
  const data = await (session ? as(session) : client()).tickerPages.get.query({ ticker: 'AAPL', forms: ['8-K'] });
  return data.filings.items.find((f) => f.id === id)!;
};
const reason = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return null;
  } catch (error) {
    return error instanceof TRPCClientError ? (error.data as { reason: string; httpStatus: number }) : error;
  }
};

describe('AI analysis on the timeline', () => {
  it('shows PRO users the cached text and everyone else a locked teaser without it', async () => {
    expect((await filingOf(proA.session, analysed!)).analysis).toEqual({ state: 'none' });
    expect((await filingOf(free.session, analysed!)).analysis).toEqual({ state: 'locked', ready: false });

    await as(proA.session).filings.analysis.query({ filingId: analysed! });
    expect(llm.calls).toBe(1);

    const forPro = await filingOf(proA.session, analysed!);
    expect(forPro.analysis).toMatchObject({ state: 'ready', summary: ANALYSIS, model: 'peer-model', my_vote: null });
    for (const session of [free.session, null]) {
      const data = await (session ? as(session) : client()).tickerPages.get.query({ ticker: 'AAPL' });
      expect(data.viewer.ai_available).toBe(true);
      expect(data.filings.items.find((f) => f.id === analysed)!.analysis).toEqual({ state: 'locked', ready: true });
      expect(JSON.stringify(data)).not.toContain('quarterly results');
    }
    expect((await filingOf(free.session, plain!)).analysis).toEqual({ state: 'locked', ready: false });
  });
});

describe('thumbs up/down', () => {
  it('stores one vote per user and filing; a user sees only their own', async () => {
    expect(await as(proA.session).tickerPages.analysisFeedback.mutate({ filingId: analysed!, vote: 'up' })).toEqual({
      filing_id: analysed,
      vote: 'up',
    });
    expect(
      await as(proB.session).tickerPages.analysisFeedback.mutate({
        filingId: analysed!,
        vote: 'down',
        comment: '  Misses the buyback.  ',
      }),
    ).toEqual({
      filing_id: analysed,
      vote: 'down',
    });
    expect((await filingOf(proA.session, analysed!)).analysis).toMatchObject({ my_vote: 'up' });
    expect((await filingOf(proB.session, analysed!)).analysis).toMatchObject({ my_vote: 'down' });

    await as(proA.session).tickerPages.analysisFeedback.mutate({ filingId: analysed!, vote: 'down' });
    expect((await filingOf(proA.session, analysed!)).analysis).toMatchObject({ my_vote: 'down' });
    await as(proA.session).tickerPages.analysisFeedback.mutate({ filingId: analysed!, vote: null });
    expect((await filingOf(proA.session, analysed!)).analysis).toMatchObject({ my_vote: null });
    expect((await filingOf(proB.session, analysed!)).analysis).toMatchObject({ my_vote: 'down' });
  });

  it('refuses free users, filings without an analysis and unknown filings, changing nothing', async () => {
    expect(
      await reason(as(free.session).tickerPages.analysisFeedback.mutate({ filingId: analysed!, vote: 'up' })),
    ).toMatchObject({ reason: 'pro_required', httpStatus: 403 });
    expect(
      await reason(as(proA.session).tickerPages.analysisFeedback.mutate({ filingId: plain!, vote: 'up' })),
    ).toMatchObject({ reason: 'analysis_missing', httpStatus: 409 });
    expect(
      await reason(as(proA.session).tickerPages.analysisFeedback.mutate({ filingId: 999_999, vote: 'up' })),
    ).toMatchObject({ reason: 'filing_not_found', httpStatus: 404 });
    const rest = await fetch(`${url}/api/filings/${analysed}/analysis-feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': free.session },
      body: JSON.stringify({ vote: 'up' }),
    });
    expect(rest.status).toBe(403);
    const badVote = await fetch(`${url}/api/filings/${analysed}/analysis-feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': proA.session },
      body: JSON.stringify({ vote: 'sideways' }),
    });
    expect(badVote.status).toBe(400);
    const list = await client({ authorization: `Bearer ${adminToken}` }).admin.aiFeedback.query({});
    expect(list.totals).toEqual({ up: 0, down: 1, filings: 1 });
  });

  it('lists every vote for admins, newest first, with who voted and what they rated', async () => {
    const rest = await fetch(`${url}/api/filings/${analysed}/analysis-feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': proA.session },
      body: JSON.stringify({ vote: 'up' }),
    });
    expect(await rest.json()).toEqual({ filing_id: analysed, vote: 'up' });
    const adminClient = client({ authorization: `Bearer ${adminToken}` });
    const list = await adminClient.admin.aiFeedback.query({ limit: 1 });
    expect(list.totals).toEqual({ up: 1, down: 1, filings: 1 });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      vote: 'up',
      model: 'peer-model',
      user: { email: 'pro-a@example.com' },
      filing: { id: analysed, ticker: 'AAPL', form: '8-K', accession_no: eightKs[0]!.accessionNo },
      analysis: ANALYSIS,
    });
    const next = await adminClient.admin.aiFeedback.query({ limit: 1, before: list.next_before });
    expect(next.items).toMatchObject([
      { vote: 'down', comment: 'Misses the buyback.', user: { email: 'pro-b@example.com' } },
    ]);
    expect(next.next_before).toBeNull();
    expect((await adminClient.admin.aiFeedback.query({ vote: 'down' })).items).toHaveLength(1);

    expect(await reason(as(proA.session).admin.aiFeedback.query({}))).toMatchObject({
      reason: 'admin_required',
      httpStatus: 401,
    });
  });
});
