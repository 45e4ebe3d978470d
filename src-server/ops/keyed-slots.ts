/**
 * Counts of things held at once under string keys (open streams, questions in flight), in this
 * process. `take` reports a full key instead of taking anything; the returned release is idempotent.
 */
export class KeyedSlots {
  private readonly held = new Map<string, number>();

  count(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** One slot under every key (each with its own limit), or none: the first full key is returned. */
  take(keys: { key: string; limit: number }[]): { release: () => void } | { full: string } {
    const full = keys.find(({ key, limit }) => this.count(key) >= limit);
    if (full) return { full: full.key };
    for (const { key } of keys) this.held.set(key, this.count(key) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        for (const { key } of keys) {
          const left = this.count(key) - 1;
          if (left > 0) this.held.set(key, left);
          else this.held.delete(key);
        }
      },
    };
  }
}
