/**
 * Coalesces concurrent calls into batches: the first call runs at once (an idle batcher adds no
 * wait); calls made while a batch runs wait for the next one, up to `max` per batch, one batch at
 * a time. A failing batch retries its items one by one, so one bad item fails alone.
 */
export type Batched<I, O> = (item: I) => Promise<O>;

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(error: unknown): void;
}

export function batcher<I, O>(run: (items: I[]) => Promise<O[]>, { max }: { max: number }): Batched<I, O> {
  const waiting: Waiting<I, O>[] = [];
  let running = false;

  const alone = async (w: Waiting<I, O>) => {
    try {
      const [result] = await run([w.item]);
      w.resolve(result as O);
    } catch (error) {
      w.reject(error);
    }
  };

  const drain = async () => {
    running = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, max);
        try {
          const results = await run(batch.map((w) => w.item));
          batch.forEach((w, i) => {
            w.resolve(results[i] as O);
          });
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          else await Promise.all(batch.map(alone));
        }
      }
    } finally {
      running = false;
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}

/** One batcher per db handle (tests and transactions pass their own). */
export function perHandle<K extends object, I, O>(make: (key: K) => Batched<I, O>): (key: K, item: I) => Promise<O> {
  const byKey = new WeakMap<K, Batched<I, O>>();
  return (key, item) => {
    let b = byKey.get(key);
    if (!b) {
      b = make(key);
      byKey.set(key, b);
    }
    return b(item);
  };
}
