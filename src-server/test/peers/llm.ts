import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/** What a scripted turn answers: text, tool calls, an HTTP error, or nothing for `delayMs`. */
export interface PeerTurn {
  content?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
  status?: number;
  error?: string;
  delayMs?: number;
}

export interface PeerRequest {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
  tools?: { function: { name: string } }[];
  stream?: boolean;
}

/**
 * A loopback OpenAI-compatible chat endpoint (POST /v1/chat/completions) speaking the real wire
 * format: JSON completions, `tool_calls` with `finish_reason: "tool_calls"`, and with
 * `stream: true` server-sent events (`data: {chunk}` ... `data: [DONE]`) that split content into
 * pieces and tool-call arguments into fragments. `script(request, callNo)` decides each turn.
 * Closed after the test file.
 */
export async function startScriptedLlmPeer(
  script: (request: PeerRequest, call: number) => PeerTurn,
): Promise<{ baseUrl: string; readonly calls: number; readonly requests: PeerRequest[] }> {
  let calls = 0;
  const requests: PeerRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      calls += 1;
      const request = JSON.parse(body) as PeerRequest;
      requests.push(request);
      const turn = script(request, calls);
      const respond = () => {
        if (turn.status && turn.status >= 400) {
          res.writeHead(turn.status, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: { message: turn.error ?? 'error', type: 'invalid_request_error' } }));
        }
        const toolCalls = (turn.toolCalls ?? []).map((c, i) => ({
          id: `call_${calls}_${i}`,
          type: 'function',
          function: { name: c.name, arguments: JSON.stringify(c.arguments) },
        }));
        const finish = toolCalls.length ? 'tool_calls' : 'stop';
        const usage = { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 };
        if (!request.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(
            JSON.stringify({
              id: `chatcmpl-${calls}`,
              object: 'chat.completion',
              model: request.model,
              choices: [
                {
                  index: 0,
                  message: {
                    role: 'assistant',
                    content: turn.content ?? null,
                    ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
                  },
                  finish_reason: finish,
                },
              ],
              usage,
            }),
          );
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const send = (delta: unknown, finishReason: string | null = null) =>
          res.write(
            `data: ${JSON.stringify({ id: `chatcmpl-${calls}`, object: 'chat.completion.chunk', model: request.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
          );
        send({ role: 'assistant', content: '' });
        for (const piece of (turn.content ?? '').match(/[\s\S]{1,12}/g) ?? []) send({ content: piece });
        toolCalls.forEach((c, index) => {
          const args = c.function.arguments;
          send({
            tool_calls: [
              {
                index,
                id: c.id,
                type: 'function',
                function: { name: c.function.name, arguments: args.slice(0, Math.ceil(args.length / 2)) },
              },
            ],
          });
          send({ tool_calls: [{ index, function: { arguments: args.slice(Math.ceil(args.length / 2)) } }] });
        });
        send({}, finish);
        res.write(
          `data: ${JSON.stringify({ id: `chatcmpl-${calls}`, object: 'chat.completion.chunk', choices: [], usage })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      };
      if (turn.delayMs) setTimeout(respond, turn.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get calls() {
      return calls;
    },
    requests,
  };
}

/**
 * A loopback OpenAI-compatible chat endpoint (POST /v1/chat/completions): answers every prompt
 * with `reply(prompt)` in the API's response shape and counts calls. Closed after the test file.
 */
export async function startLlmPeer(
  reply: (prompt: string) => string,
): Promise<{ baseUrl: string; readonly calls: number }> {
  return startScriptedLlmPeer((request) => ({ content: reply(request.messages.at(-1)?.content ?? '') }));
}
