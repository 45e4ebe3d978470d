/**
 * The one HTTP client for every EDGAR call: declared User-Agent, gzip, the shared rate limit,
 * retries with exponential backoff and jitter on 429/403/5xx and network errors, and a circuit
 * that stops all calls for 10 minutes once EDGAR keeps answering "blocked" (403/429).
 */
import { httpGet } from './http-get';
import type { RateLimiter } from './rate-limiter';

/** What the client needs of a limiter (the benchmark passes an unlimited one for its local server). */
export type RequestGate = Pick<RateLimiter, 'take'>;

export class EdgarHttpError extends Error {
  override name = 'EdgarHttpError';
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`EDGAR answered ${status} for ${url}`);
  }
}

export class EdgarCircuitOpenError extends Error {
  override name = 'EdgarCircuitOpenError';
  constructor(readonly retryAt: Date) {
    super(`EDGAR blocked our requests; paused until ${retryAt.toISOString()}`);
  }
}

export interface EdgarResponse {
  status: 200 | 404;
  url: string;
  text: string;
}

export interface EdgarClientOptions {
  /** https://www.sec.gov (archives, browse-edgar) */
  baseUrl: string;
  /** https://data.sec.gov (submissions JSON) */
  dataBaseUrl: string;
  userAgent: string;
  limiter: RequestGate;
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  circuitPauseMs?: number;
  timeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (info: { url: string; status: number | null; attempt: number; delayMs: number }) => void;
}

const BLOCKED = new Set([403, 429]);

export class EdgarClient {
  private circuitOpenUntil = 0;
  private readonly o: Required<Omit<EdgarClientOptions, 'onRetry'>> & Pick<EdgarClientOptions, 'onRetry'>;

  constructor(options: EdgarClientOptions) {
    this.o = {
      maxRetries: 4,
      backoffBaseMs: 500,
      backoffMaxMs: 15_000,
      circuitPauseMs: 10 * 60_000,
      timeoutMs: 30_000,
      now: Date.now,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      random: Math.random,
      ...options,
    };
  }

  get baseUrl(): string {
    return this.o.baseUrl;
  }

  get dataBaseUrl(): string {
    return this.o.dataBaseUrl;
  }

  /** When the circuit is open, the instant calls resume; otherwise null. */
  pausedUntil(): Date | null {
    return this.circuitOpenUntil > this.o.now() ? new Date(this.circuitOpenUntil) : null;
  }

  private backoff(attempt: number, retryAfter: string | null): number {
    const exp = Math.min(this.o.backoffMaxMs, this.o.backoffBaseMs * 2 ** attempt);
    const jittered = exp / 2 + this.o.random() * (exp / 2);
    const hinted = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
    return Math.min(this.o.backoffMaxMs, Math.max(jittered, hinted));
  }

  /** GET an absolute URL or a path on baseUrl. Returns 200 and 404 answers; throws on the rest. */
  async get(target: string, accept = '*/*'): Promise<EdgarResponse> {
    const url = /^https?:\/\//.test(target) ? target : new URL(target, this.o.baseUrl).toString();
    for (let attempt = 0; ; attempt += 1) {
      const paused = this.pausedUntil();
      if (paused) throw new EdgarCircuitOpenError(paused);
      await this.o.limiter.take();
      let status: number | null = null;
      let retryAfter: string | null = null;
      try {
        const res = await httpGet(url, {
          headers: { 'User-Agent': this.o.userAgent, 'Accept-Encoding': 'gzip, deflate', Accept: accept },
          timeoutMs: this.o.timeoutMs,
        });
        const ok = res.status >= 200 && res.status < 300;
        if (ok || res.status === 404) return { status: ok ? 200 : 404, url, text: ok ? res.body.toString('utf8') : '' };
        status = res.status;
        const hint = res.headers['retry-after'];
        retryAfter = (Array.isArray(hint) ? hint[0] : hint) ?? null;
        if (!BLOCKED.has(status) && status < 500) throw new EdgarHttpError(status, url);
      } catch (error) {
        if (error instanceof EdgarHttpError) throw error;
        // network failure or timeout: retried like a 5xx
      }
      if (attempt >= this.o.maxRetries) {
        if (status != null && BLOCKED.has(status)) this.circuitOpenUntil = this.o.now() + this.o.circuitPauseMs;
        throw new EdgarHttpError(status ?? 0, url);
      }
      const delayMs = this.backoff(attempt, retryAfter);
      this.o.onRetry?.({ url, status, attempt, delayMs });
      await this.o.sleep(delayMs);
    }
  }

  async getJson<T>(target: string): Promise<T | null> {
    const res = await this.get(target, 'application/json');
    return res.status === 404 ? null : (JSON.parse(res.text) as T);
  }
}
