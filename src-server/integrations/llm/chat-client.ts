/**
 * An OpenAI-compatible chat-completions adapter (POST {LLM_BASE_URL}/chat/completions), for PRO
 * AI analysis. Any provider speaking that wire format works (OpenAI, Azure-compatible gateways,
 * vLLM, Ollama, llama.cpp server). Unconfigured, there is no client and the rule text stands.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatClient {
  model: string;
  complete(messages: ChatMessage[], options?: { maxTokens?: number; signal?: AbortSignal }): Promise<string>;
}

export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    message: string,
    readonly status: number | null = null,
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

export function createChatClient(options: ChatClientOptions): ChatClient {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    model: options.model,
    async complete(messages, { maxTokens = 400, signal } = {}) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ model: options.model, messages, max_tokens: maxTokens, temperature: 0.2 }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        const timedOut = timeout.aborted;
        throw new LlmError(timedOut ? `LLM timed out after ${options.timeoutMs} ms` : `LLM request failed: ${(error as Error).message}`);
      }
      const body = (await res.json().catch(() => null)) as { choices?: { message?: { content?: string } }[]; error?: { message?: string } } | null;
      if (!res.ok) throw new LlmError(`LLM answered ${res.status}: ${body?.error?.message ?? 'no message'}`, res.status);
      const content = body?.choices?.[0]?.message?.content?.trim();
      if (!content) throw new LlmError('LLM returned no content', res.status);
      return content;
    },
  };
}

export function chatClientFromEnv(env: { LLM_BASE_URL?: string; LLM_API_KEY?: string; LLM_MODEL: string; LLM_TIMEOUT_MS: number }): ChatClient | null {
  return env.LLM_BASE_URL ? createChatClient({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS }) : null;
}
