import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './errors';

/** As drizzle wraps a PostgreSQL error: the SQLSTATE on the cause. */
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });

describe('retryOnDeadlock', () => {
  it('runs the transaction again after a deadlock, and gives up after the last attempt', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        if (calls < 3) throw wrapped('40P01');
        return 'committed';
      }),
    ).resolves.toBe('committed');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw wrapped('40P01');
      }),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(3);
  });

  it('never repeats work that failed for another reason', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw wrapped('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(1);
  });
});
