/** A per-subscriber buffer between the hub (push) and one subscription generator (next). */
export class EventQueue<T> {
  private items: T[] = [];
  private head = 0;
  private waiting: { resolve: (item: T | null) => void; reject: (error: Error) => void } | null = null;
  private ended: Error | null | undefined;

  constructor(private readonly limit: number) {}

  /** False once the queue has ended (its subscriber is gone or fell too far behind). */
  get open(): boolean {
    return this.ended === undefined;
  }

  push(item: T): void {
    if (this.ended !== undefined) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve(item);
      return;
    }
    if (this.items.length - this.head >= this.limit) {
      // A client this far behind resumes from its lastEventId (replay) rather than pinning memory.
      this.end(new Error('The live feed fell behind; reconnecting.'));
      return;
    }
    this.items.push(item);
  }

  /** Ends the queue: cleanly (null) or with an error the subscriber sees once the buffer is read. */
  end(error: Error | null = null): void {
    if (this.ended !== undefined) return;
    this.ended = error;
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting && error) waiting.reject(error);
    else waiting?.resolve(null);
  }

  /** The next item; null once ended cleanly and drained. One reader at a time. */
  next(): Promise<T | null> {
    if (this.head < this.items.length) {
      const item = this.items[this.head]!;
      this.head += 1;
      if (this.head === this.items.length) {
        this.items = [];
        this.head = 0;
      }
      return Promise.resolve(item);
    }
    if (this.ended !== undefined) return this.ended ? Promise.reject(this.ended) : Promise.resolve(null);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }
}
