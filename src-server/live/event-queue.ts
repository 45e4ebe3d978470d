/** A per-subscriber buffer between the hub (push) and one subscription generator (drain). */
export class EventQueue<T> {
  private items: T[] = [];
  private wake: (() => void) | null = null;
  private ended: Error | null | undefined;

  constructor(private readonly limit: number) {}

  /** False once the queue has ended (its subscriber is gone or fell too far behind). */
  get open(): boolean {
    return this.ended === undefined;
  }

  push(item: T): void {
    if (this.ended !== undefined) return;
    if (this.items.length >= this.limit) {
      // A client this far behind resumes from its lastEventId (replay) rather than pinning memory.
      this.end(new Error('The live feed fell behind; reconnecting.'));
      return;
    }
    this.items.push(item);
    this.wake?.();
  }

  /** Ends the drain: cleanly (null) or with an error the subscriber sees. */
  end(error: Error | null = null): void {
    if (this.ended !== undefined) return;
    this.ended = error;
    this.wake?.();
  }

  async *drain(signal?: AbortSignal): AsyncGenerator<T> {
    const onAbort = () => this.end();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        const item = this.items.shift();
        if (item !== undefined) {
          yield item;
          continue;
        }
        if (this.ended !== undefined) {
          if (this.ended) throw this.ended;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
