import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue';

describe('live event queue', () => {
  it('hands items over in order, to a waiting reader at once', async () => {
    const queue = new EventQueue<number>(10);
    const waiting = queue.next();
    queue.push(1);
    queue.push(2);
    queue.push(3);
    expect(await waiting).toBe(1);
    expect([await queue.next(), await queue.next()]).toEqual([2, 3]);
  });

  it('ends a reader that fell too far behind with an error, after what it buffered', async () => {
    const queue = new EventQueue<number>(2);
    queue.push(1);
    queue.push(2);
    queue.push(3);
    expect(queue.open).toBe(false);
    expect(await queue.next()).toBe(1);
    expect(await queue.next()).toBe(2);
    await expect(queue.next()).rejects.toThrow('fell behind');
  });

  it('a clean end releases the reader with null and ignores later pushes', async () => {
    const queue = new EventQueue<number>(2);
    const waiting = queue.next();
    queue.end();
    queue.push(1);
    expect(await waiting).toBeNull();
    expect(await queue.next()).toBeNull();
  });
});
