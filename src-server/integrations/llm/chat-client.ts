/**
 * An OpenAI-compatible chat-completions adapter (POST {LLM_BASE_URL}/chat/completions), for PRO
 * AI analysis and the filing assistant. Any provider speaking that wire format works (OpenAI,
 * Azure-compatible gateways, vLLM, Ollama, llama.cpp server). Unconfigured, there is no client
 * and the rule text stands. `chat` adds function calling (`tools`, `tool_calls`, role `tool`)
 * and server-sent-event streaming (`stream: true`).
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The model's JSON arguments, as sent (parse and validate before use). */
  arguments: string;
}

export type ChatTurn =
  | ChatMessage
  | {
      role: 'assistant';
      content: string | null;
      tool_calls: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatResult {
  content: string | null;
  toolCalls: ToolCall[];
  totalTokens: number | null;
}

export interface ChatRequest {
  messages: ChatTurn[];
  tools?: ToolSpec[];
  maxTokens?: number;
  /** Ask for server-sent events; each content piece goes to onDelta as it arrives. */
  stream?: boolean;
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

export interface ChatClient {
  model: string;
  complete(messages: ChatMessage[], options?: { maxTokens?: number; signal?: AbortSignal }): Promise<string>;
  chat(request: ChatRequest): Promise<ChatResult>;
}

export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    message: string,
    readonly status: number | null = null,
    /** The endpoint refused the `tools` parameter (it has no function calling). */
    readonly toolsUnsupported = false,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

export interface ChatClientOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

interface WireMessage {
  content?: string | null;
  tool_calls?: { id?: string; index?: number; function?: { name?: string; arguments?: string } }[];
}

/** Reads an SSE body: `data: {chunk}` lines until `data: [DONE]`, merging content and tool-call pieces. */
async function readStream(res: Response, onDelta?: (text: string) => void): Promise<ChatResult> {
  const decoder = new TextDecoder();
  let buffer = '';
  let content = '';
  let totalTokens: number | null = null;
  const calls = new Map<number, ToolCall>();
  const reader = res.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let cut = buffer.indexOf('\n'); cut >= 0; cut = buffer.indexOf('\n')) {
      const line = buffer.slice(0, cut).trim();
      buffer = buffer.slice(cut + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') continue;
      const chunk = JSON.parse(data) as { choices?: { delta?: WireMessage }[]; usage?: { total_tokens?: number } };
      if (chunk.usage?.total_tokens != null) totalTokens = chunk.usage.total_tokens;
      const delta = chunk.choices?.[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        content += delta.content;
        onDelta?.(delta.content);
      }
      for (const piece of delta.tool_calls ?? []) {
        const index = piece.index ?? 0;
        const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.arguments += piece.function.arguments;
        calls.set(index, call);
      }
    }
  }
  return { content: content || null, toolCalls: [...calls.values()], totalTokens };
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  async function chat({
    messages,
    tools,
    maxTokens = 400,
    stream = false,
    onDelta,
    signal,
  }: ChatRequest): Promise<ChatResult> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const body = {
      model: options.model,
      messages,
      max_tokens: maxTokens,
      temperature: 0.2,
      ...(tools?.length ? { tools, tool_choice: 'auto' } : {}),
      ...(stream ? { stream: true } : {}),
    };
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (res.ok && stream && (res.headers.get('content-type') ?? '').includes('text/event-stream'))
        return await readStream(res, onDelta);
    } catch (error) {
      const timedOut = timeout.aborted || Boolean(signal?.aborted);
      throw new LlmError(
        timedOut ? `LLM timed out after ${options.timeoutMs} ms` : `LLM request failed: ${(error as Error).message}`,
        null,
        false,
        timedOut,
      );
    }
    const parsed = (await res.json().catch(() => null)) as {
      choices?: { message?: WireMessage }[];
      error?: { message?: string };
      usage?: { total_tokens?: number };
    } | null;
    if (!res.ok) {
      const message = parsed?.error?.message ?? 'no message';
      // vLLM before tool support, llama.cpp without --jinja...: a 400 naming the tools parameter.
      const toolsUnsupported =
        Boolean(tools?.length) &&
        (res.status === 400 || res.status === 422 || res.status === 501) &&
        /tool|function/i.test(message);
      throw new LlmError(`LLM answered ${res.status}: ${message}`, res.status, toolsUnsupported);
    }
    const message = parsed?.choices?.[0]?.message;
    const toolCalls = (message?.tool_calls ?? []).map((c, i) => ({
      id: c.id ?? `call_${i}`,
      name: c.function?.name ?? '',
      arguments: c.function?.arguments ?? '{}',
    }));
    const content = message?.content?.trim() || null;
    if (content) onDelta?.(content);
    return { content, toolCalls, totalTokens: parsed?.usage?.total_tokens ?? null };
  }
  return {
    model: options.model,
    chat,
    async complete(messages, { maxTokens = 400, signal } = {}) {
      const result = await chat({ messages, maxTokens, signal });
      if (!result.content) throw new LlmError('LLM returned no content');
      return result.content;
    },
  };
}

export function chatClientFromEnv(env: {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL: string;
  LLM_TIMEOUT_MS: number;
}): ChatClient | null {
  return env.LLM_BASE_URL
    ? createChatClient({
        baseUrl: env.LLM_BASE_URL,
        apiKey: env.LLM_API_KEY,
        model: env.LLM_MODEL,
        timeoutMs: env.LLM_TIMEOUT_MS,
      })
    : null;
}
