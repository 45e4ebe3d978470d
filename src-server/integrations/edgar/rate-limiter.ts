/**
 * A token bucket holding one token, refilled every 1/rate seconds (plus 10% headroom): callers
 * pass one at a time, each at least one interval after the previous one actually went out, so
 * no one-second window at EDGAR's end sees more than `rate` requests even when connection setup
 * delays one request and not the next (SEC's fair-access rule: 10/s per client).
 */
export class RateLimiter {
  private lastAt = -Infinity;
  private queue: Promise<void> = Promise.resolve();
  readonly intervalMs: number;

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    if (!(perSecond > 0 && perSecond <= 10)) throw new Error('EDGAR rate must be within (0, 10] requests per second');
    this.intervalMs = (1000 / perSecond) * 1.1;
  }

  /** Resolves when the caller may send its request. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (
        let wait = this.lastAt + this.intervalMs - this.now();
        wait > 0;
        wait = this.lastAt + this.intervalMs - this.now()
      ) {
        await this.sleep(wait);
      }
      this.lastAt = this.now();
    });
    this.queue = turn;
    return turn;
  }
}

let shared: RateLimiter | undefined;

/** The process-wide EDGAR budget: every client in this process shares it (the lowest rate asked wins). */
export function sharedRateLimiter(perSecond: number): RateLimiter {
  if (!shared || perSecond < shared.perSecond) shared = new RateLimiter(perSecond);
  return shared;
}
