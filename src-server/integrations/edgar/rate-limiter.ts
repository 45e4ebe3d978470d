/**
 * A token bucket holding one token, refilled every 1/rate seconds: requests are spaced at least
 * 1000/rate ms apart, so no one-second window ever sees more than `rate` requests (SEC's fair
 * access rule is 10/s per client). Reservations are taken synchronously, so concurrent callers
 * in one process queue up instead of racing.
 */
export class RateLimiter {
  private nextAt = 0;
  readonly intervalMs: number;

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    if (!(perSecond > 0 && perSecond <= 10)) throw new Error('EDGAR rate must be within (0, 10] requests per second');
    this.intervalMs = 1000 / perSecond;
  }

  /** Resolves when the caller may send its request. */
  async take(): Promise<void> {
    const now = this.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + this.intervalMs;
    if (at > now) await this.sleep(at - now);
  }
}

let shared: RateLimiter | undefined;

/** The process-wide EDGAR budget: every client in this process shares it (the lowest rate asked wins). */
export function sharedRateLimiter(perSecond: number): RateLimiter {
  if (!shared || perSecond < shared.perSecond) shared = new RateLimiter(perSecond);
  return shared;
}
