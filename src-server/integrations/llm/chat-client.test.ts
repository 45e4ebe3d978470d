/** The chat-completions adapter against a local peer speaking the OpenAI wire format. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatClientFromEnv, createChatClient, LlmError } from './chat-client';

let server: Server;
let baseUrl: string;
const received: {
  auth: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; max_tokens: number };
}[] = [];

async function readJson(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readJson(req);
    received.push({ auth: req.headers.authorization, body });
    const prompt = body.messages.at(-1)?.content ?? '';
    if (req.url !== '/v1/chat/completions') return res.writeHead(404).end();
    if (prompt === 'slow') return setTimeout(() => res.end('{}'), 3_000);
    if (prompt === 'fail') {
      res.writeHead(429, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests' } }));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: `  Summary of: ${prompt}  ` }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('chat-completions adapter', () => {
  it('posts model, messages and bearer key; returns the trimmed content', async () => {
    const llm = createChatClient({ baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2_000 });
    await expect(
      llm.complete([
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'Form 4' },
      ]),
    ).resolves.toBe('Summary of: Form 4');
    expect(received.at(-1)).toMatchObject({
      auth: 'Bearer sk-test',
      body: {
        model: 'test-model',
        max_tokens: 400,
        messages: [{ role: 'system' }, { role: 'user', content: 'Form 4' }],
      },
    });
  });

  it('surfaces provider errors and times out', async () => {
    const llm = createChatClient({ baseUrl, model: 'm', timeoutMs: 1_000 });
    await expect(llm.complete([{ role: 'user', content: 'fail' }])).rejects.toMatchObject({
      name: 'LlmError',
      status: 429,
      message: 'LLM answered 429: Rate limit reached',
    });
    await expect(llm.complete([{ role: 'user', content: 'slow' }])).rejects.toBeInstanceOf(LlmError);
    await expect(llm.complete([{ role: 'user', content: 'slow' }])).rejects.toThrow(/timed out after 1000 ms/);
  });

  it('is absent without LLM_BASE_URL', () => {
    expect(chatClientFromEnv({ LLM_MODEL: 'm', LLM_TIMEOUT_MS: 1000 })).toBeNull();
    expect(chatClientFromEnv({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm', LLM_TIMEOUT_MS: 1000 })?.model).toBe('m');
  });
});
