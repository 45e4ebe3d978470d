import { describe, expect, it } from 'vitest';
import { batcher } from './batcher';

describe('batcher', () => {
  it('runs a lone call at once and groups calls made while a batch runs', async () => {
    const batches: number[][] = [];
    const double = batcher(
      async (items: number[]) => {
        batches.push(items);
        await new Promise((r) => setTimeout(r, 10));
        return items.map((n) => n * 2);
      },
      { max: 3 },
    );
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => double(n)));
    expect(results).toEqual([2, 4, 6, 8, 10, 12]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const run = batcher(
      async (items: number[]) => {
        await new Promise((r) => setTimeout(r, 1));
        if (items.includes(13)) throw new Error('unlucky');
        return items;
      },
      { max: 10 },
    );
    const first = run(0);
    const rest = [12, 13, 14].map((n) =>
      run(n).then(
        (v) => ({ ok: v }),
        (e: Error) => ({ error: e.message }),
      ),
    );
    await first;
    expect(await Promise.all(rest)).toEqual([{ ok: 12 }, { error: 'unlucky' }, { ok: 14 }]);
  });
});
