/**
 * The one HTTP client for every EDGAR call: declared User-Agent, gzip, the shared request budget
 * (request-budget.ts: every process, by priority), retries with exponential backoff and jitter on
 * 429/5xx and network errors, and a 10-minute stop of every call in every process on a block
 * answer: a 403 at once (retrying into SEC's block only extends it), a 429 once retries run out.
 */
import { systemClock, type Clock } from '../../clock';
import { httpGet } from './http-get';
import { EdgarPausedError, type EdgarPriority, type RequestGate } from './request-budget';

export type { RequestGate } from './request-budget';

export class EdgarHttpError extends Error {
  override name = 'EdgarHttpError';
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`EDGAR answered ${status} for ${url}`);
  }
}

/** EDGAR blocked us (here or in another process): no request before `retryAt`. */
export class EdgarCircuitOpenError extends Error {
  override name = 'EdgarCircuitOpenError';
  constructor(readonly retryAt: Date) {
    super(`EDGAR blocked our requests; paused until ${retryAt.toISOString()}`);
  }
}

export interface GetOptions {
  accept?: string;
  /** Budget priority; 'live' (a live filing's documents) unless said. */
  priority?: EdgarPriority;
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
  /** https://efts.sec.gov (full-text search); defaults to baseUrl (the replay serves it too). */
  eftsBaseUrl?: string;
  userAgent: string;
  limiter: RequestGate;
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  circuitPauseMs?: number;
  timeoutMs?: number;
  /** Time for backoff, the circuit and the budget (a simulated clock in the detection benchmark). */
  clock?: Clock;
  /** Overrides clock.now / clock.sleep (unit tests). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (info: { url: string; status: number | null; attempt: number; delayMs: number }) => void;
}

export class EdgarClient {
  private circuitOpenUntil = 0;
  private readonly o: Required<Omit<EdgarClientOptions, 'onRetry' | 'clock' | 'eftsBaseUrl'>> &
    Pick<EdgarClientOptions, 'onRetry' | 'eftsBaseUrl'>;

  constructor(options: EdgarClientOptions) {
    const clock = options.clock ?? systemClock;
    this.o = {
      maxRetries: 4,
      backoffBaseMs: 500,
      backoffMaxMs: 15_000,
      circuitPauseMs: 10 * 60_000,
      timeoutMs: 30_000,
      now: () => clock.now(),
      sleep: (ms) => clock.sleep(ms),
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

  get eftsBaseUrl(): string {
    return this.o.eftsBaseUrl ?? this.o.baseUrl;
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

  private async openCircuit(status: number, url: string): Promise<void> {
    this.circuitOpenUntil = this.o.now() + this.o.circuitPauseMs;
    await this.o.limiter.pause?.(this.circuitOpenUntil, `EDGAR answered ${status} for ${url}`);
  }

  private async takeSlot(priority: EdgarPriority): Promise<void> {
    const paused = this.pausedUntil();
    if (paused) throw new EdgarCircuitOpenError(paused);
    try {
      await this.o.limiter.take(priority);
    } catch (error) {
      if (error instanceof EdgarPausedError) throw new EdgarCircuitOpenError(error.retryAt);
      throw error;
    }
  }

  /** GET an absolute URL or a path on baseUrl. Returns 200 and 404 answers; throws on the rest. */
  async get(target: string, options: GetOptions | string = {}): Promise<EdgarResponse> {
    const { accept = '*/*', priority = 'live' } = typeof options === 'string' ? { accept: options } : options;
    const url = /^https?:\/\//.test(target) ? target : new URL(target, this.o.baseUrl).toString();
    for (let attempt = 0; ; attempt += 1) {
      await this.takeSlot(priority);
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
        if (status !== 403 && status !== 429 && status < 500) throw new EdgarHttpError(status, url);
      } catch (error) {
        if (error instanceof EdgarHttpError) throw error;
        // network failure or timeout: retried like a 5xx
      }
      if (status === 403) {
        await this.openCircuit(status, url);
        throw new EdgarHttpError(status, url);
      }
      if (attempt >= this.o.maxRetries) {
        if (status === 429) await this.openCircuit(status, url);
        throw new EdgarHttpError(status ?? 0, url);
      }
      const delayMs = this.backoff(attempt, retryAfter);
      this.o.onRetry?.({ url, status, attempt, delayMs });
      await this.o.sleep(delayMs);
    }
  }

  async getJson<T>(target: string, priority: EdgarPriority = 'live'): Promise<T | null> {
    const res = await this.get(target, { accept: 'application/json', priority });
    return res.status === 404 ? null : (JSON.parse(res.text) as T);
  }
}
