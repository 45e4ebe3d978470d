import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * A loopback OpenAI-compatible chat endpoint (POST /v1/chat/completions): answers every prompt
 * with `reply(prompt)` in the API's response shape and counts calls. Closed after the test file.
 */
export async function startLlmPeer(reply: (prompt: string) => string): Promise<{ baseUrl: string; readonly calls: number }> {
  let calls = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      calls += 1;
      const messages = (JSON.parse(body) as { messages: { content: string }[] }).messages;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: reply(messages.at(-1)?.content ?? '') }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get calls() {
      return calls;
    },
  };
}
