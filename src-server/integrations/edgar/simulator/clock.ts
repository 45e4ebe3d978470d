/**
 * A simulated clock that runs at real speed while anything works and skips ahead while
 * everything waits: when no `busy` work runs and `quiet()` agrees (no request in flight, no job
 * queued in the database...), it jumps to the earliest pending `sleep`. A simulated EDGAR day then
 * takes minutes, while each stretch of real work (a poll, fetch -> parse -> store -> send) keeps
 * its real duration: skips never happen inside one. The jumps are logged, so timestamps taken
 * from the system clock (PostgreSQL's now()) convert to simulated time (`simulated`).
 */
import type { Clock } from '../../../clock';

interface Sleeper {
  due: number;
  wake(): void;
}

export interface SimClockOptions {
  /** Simulated epoch ms at construction. */
  start: number;
  /** Extra condition for a skip (nothing in flight that `busy` does not cover). */
  quiet?: () => boolean | Promise<boolean>;
  /** Never skip past this instant. */
  until?: number;
}

export class SimClock implements Clock {
  private offset: number;
  private readonly sleepers = new Set<Sleeper>();
  private busyCount = 0;
  private checking = false;
  private scheduled = false;
  private stopped = false;
  /** [system ms, offset from then on]: the skips so far. */
  readonly skips: [number, number][] = [];
  until: number | null;

  constructor(private readonly options: SimClockOptions) {
    this.offset = options.start - Date.now();
    this.skips.push([Date.now(), this.offset]);
    this.until = options.until ?? null;
  }

  now(): number {
    return Date.now() + this.offset;
  }

  offsetMs(): number {
    return this.offset;
  }

  /** A system-clock instant (e.g. PostgreSQL now()) in simulated time. */
  simulated(systemMs: number): number {
    let lo = 0;
    let hi = this.skips.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.skips[mid]![0] <= systemMs) lo = mid;
      else hi = mid - 1;
    }
    return systemMs + this.skips[lo]![1];
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const sleeper: Sleeper = {
        due: this.now() + Math.max(0, ms),
        wake: () => {
          if (!this.sleepers.delete(sleeper)) return;
          clearTimeout(timer);
          signal?.removeEventListener('abort', sleeper.wake);
          resolve();
        },
      };
      const timer = setTimeout(sleeper.wake, Math.max(0, ms));
      this.sleepers.add(sleeper);
      signal?.addEventListener('abort', sleeper.wake, { once: true });
      this.kick();
    });
  }

  async busy<T>(work: () => Promise<T>): Promise<T> {
    this.busyCount += 1;
    try {
      return await work();
    } finally {
      this.busyCount -= 1;
      this.kick();
    }
  }

  /** Moves the clock forward to `target` at once (a benchmark leaving out a stretch of the day). */
  jumpTo(target: number): void {
    const gain = target - this.now();
    if (gain <= 0) return;
    this.offset += gain;
    this.skips.push([Date.now(), this.offset]);
    const now = this.now();
    for (const s of [...this.sleepers]) if (s.due <= now) s.wake();
  }

  /** Stops skipping (sleeps still end in real time). */
  stop(): void {
    this.stopped = true;
  }

  private kick(delayMs = 0): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      void this.trySkip();
    };
    if (delayMs > 0) setTimeout(run, delayMs);
    else setImmediate(run);
  }

  private async trySkip(): Promise<void> {
    if (this.checking || this.busyCount > 0 || this.sleepers.size === 0) return;
    this.checking = true;
    try {
      const quiet = this.options.quiet ? await this.options.quiet() : true;
      if (this.busyCount > 0) return;
      if (!quiet) {
        // Work outside `busy` (queued jobs, sends) is still running: look again shortly.
        this.kick(2);
        return;
      }
      let next = Infinity;
      for (const s of this.sleepers) next = Math.min(next, s.due);
      if (this.until != null) next = Math.min(next, this.until);
      const gain = next - this.now();
      if (gain > 0) {
        this.offset += gain;
        this.skips.push([Date.now(), this.offset]);
      }
      const now = this.now();
      for (const s of [...this.sleepers]) if (s.due <= now) s.wake();
    } finally {
      this.checking = false;
    }
  }
}
