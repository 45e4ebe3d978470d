import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { installShutdown } from './shutdown';

const logger = pino({ level: 'silent' });

function recorder() {
  const events: string[] = [];
  let exited: (code: number) => void = () => {};
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const database = {
    shutdown: async () => void events.push('database'),
    abandon: () => void events.push('database abandoned'),
  };
  const onExit = (code: number) => {
    events.push(`exit ${code}`);
    exited(code);
  };
  return { events, exit, onExit, database };
}

describe('stopping the process', () => {
  it('stops the parts in order, the database last, then exits 0', async () => {
    const r = recorder();
    const { shutdown } = installShutdown({
      logger,
      database: r.database,
      listen: false,
      exit: r.onExit,
      steps: ['HTTP', 'workers', 'job queue'].map((name) => ({
        name,
        maxMs: 1_000,
        run: async () => void r.events.push(name),
      })),
    });
    void shutdown('SIGINT');
    expect(await r.exit).toBe(0);
    expect(r.events).toEqual(['HTTP', 'workers', 'job queue', 'database', 'exit 0']);
  });

  it('a step that never finishes is left behind at its budget; the rest still stop', async () => {
    const r = recorder();
    const { shutdown } = installShutdown({
      logger,
      database: r.database,
      listen: false,
      exit: r.onExit,
      deadlineMs: 5_000,
      steps: [
        { name: 'stuck', maxMs: 100, run: () => new Promise(() => {}) },
        { name: 'job queue', maxMs: 1_000, run: async () => void r.events.push('job queue') },
      ],
    });
    void shutdown('SIGTERM');
    expect(await r.exit).toBe(0);
    expect(r.events).toEqual(['job queue', 'database', 'exit 0']);
  });

  it('past the deadline the database is abandoned (immediate shutdown) and the process exits anyway', async () => {
    const r = recorder();
    r.database.shutdown = () => new Promise(() => {});
    const { shutdown } = installShutdown({
      logger,
      database: r.database,
      listen: false,
      exit: r.onExit,
      deadlineMs: 300,
      steps: [],
    });
    void shutdown('SIGINT');
    expect(await r.exit).toBe(1);
    expect(r.events).toEqual(['database abandoned', 'exit 1']);
  });

  it('a second signal exits at once', async () => {
    const r = recorder();
    const { shutdown } = installShutdown({
      logger,
      database: r.database,
      listen: false,
      exit: r.onExit,
      deadlineMs: 5_000,
      steps: [{ name: 'slow', maxMs: 300, run: () => new Promise(() => {}) }],
    });
    void shutdown('SIGINT');
    void shutdown('SIGINT');
    expect(await r.exit).toBe(130);
    expect(r.events.slice(0, 2)).toEqual(['database abandoned', 'exit 130']);
  });
});
