/**
 * Time as the EDGAR detection path sees it. Production uses the system clock; the simulated-day
 * benchmark and the detection tests pass a clock they control (simulator/clock.ts), so schedules
 * in New York time, the request budget's one-second window and the receipts all run on it.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves after `ms` of this clock's time (early, without error, when `signal` aborts). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * This clock minus the system clock, in ms: 0 in production. SQL that must agree with `now()`
   * (the shared request budget) adds it to the database's own clock.
   */
  offsetMs(): number;
  /** Marks work that must finish before a simulated clock may skip ahead (a no-op here). */
  busy<T>(work: () => Promise<T>): Promise<T>;
}

export function sleepReal(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: sleepReal,
  offsetMs: () => 0,
  busy: (work) => work(),
};
