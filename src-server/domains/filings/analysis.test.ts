/** PRO AI analysis: generated once per filing through the LLM adapter (a local OpenAI-format peer), then cached; the rules table over tRPC. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORING_RULES } from '#shared/scoring-rules';
import { createChatClient } from '../../integrations/llm/chat-client';
import { startTestApp, type TestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';
import { edgarFixture } from '../../test/edgar-fixtures';
import { analyseFiling } from './analysis.service';
import { storeParsedFiling } from './filings.service';
import { parseFiling } from '../../edgar-model/parse';

let peer: Server;
let llmUrl: string;
let calls = 0;
let lastPrompt = '';
let t: TestApp;

beforeAll(async () => {
  peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls += 1;
      lastPrompt = JSON.parse(body).messages[1].content;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Tesla CEO Elon Musk sold shares.' },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  llmUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`;
  t = await startTestApp();
});

afterAll(() => new Promise<void>((r) => peer.close(() => r())));

describe('AI analysis', () => {
  it('asks the model once with the filing facts, then serves the cached text', async () => {
    const { id } = await storeParsedFiling(t.deps.db, {
      parsed: parseFiling(edgarFixture('0000899243-22-035394_tsla_musk_S_9_rows.txt')),
      meta: { source: 'manual' },
    });
    const llm = createChatClient({ baseUrl: llmUrl, model: 'peer-model', timeoutMs: 2_000 });
    const first = await analyseFiling(t.deps.db, { llm, filingId: id });
    const second = await analyseFiling(t.deps.db, { llm, filingId: id });
    expect(first).toMatchObject({ filingId: id, model: 'peer-model', summary: 'Tesla CEO Elon Musk sold shares.' });
    expect(second.summary).toBe(first.summary);
    expect(calls).toBe(1);
    expect(lastPrompt).toMatch(/Form: 4\nCompany: Tesla, Inc\./);
    await expect(analyseFiling(t.deps.db, { llm: null, filingId: id + 1000 })).rejects.toMatchObject({
      kind: 'NOT_FOUND',
    });
    const { id: other } = await storeParsedFiling(t.deps.db, {
      parsed: parseFiling(edgarFixture('0001045810-23-000128_nvda_shoquist_F.txt')),
      meta: { source: 'manual' },
    });
    const down = createChatClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 1_000 });
    // A model that cannot answer leaves the rule-based analysis, labelled, and caches nothing.
    await expect(analyseFiling(t.deps.db, { llm: down, filingId: other })).resolves.toMatchObject({
      kind: 'rules',
      model: 'rules',
      degraded: 'llm_error',
    });
    await expect(analyseFiling(t.deps.db, { llm: null, filingId: other })).resolves.toMatchObject({
      kind: 'rules',
      rules: { whatHappened: expect.stringContaining('Debora Shoquist') },
    });
  });
});

describe('tRPC filings', () => {
  it('filings.rules is public and lists the table the scorer uses', async () => {
    const res = await fetch(`${t.url}/trpc/filings.rules`);
    expect(res.status).toBe(200);
    const data = (await res.json()).result.data;
    expect(data.levels).toEqual(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);
    expect(data.rules).toHaveLength(SCORING_RULES.length);
    expect(data.rules).toContainEqual({
      id: '8k.item.1.03',
      appliesTo: '8-K current report',
      when: 'Item 1.03 (Bankruptcy or Receivership) when its text cannot be read',
      importance: 'CRITICAL',
    });
    expect(data.thresholds.clusterDays).toBe(10);
  });

  it('filings.analysis is PRO-only', async () => {
    const path = `${t.url}/trpc/filings.analysis?input=${encodeURIComponent(JSON.stringify({ filingId: 1 }))}`;
    // Without a session: sign in first (reads never mint visitors).
    expect((await fetch(path)).status).toBe(401);
    const { session } = await createSignedInUser(t.deps.db, { email: 'free-reader@example.com' });
    const res = await fetch(path, { headers: { 'x-session': session } });
    expect(res.status).toBe(403);
    expect((await res.json()).error.data.reason).toBe('pro_required');
  });
});
