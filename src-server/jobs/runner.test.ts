import { describe, expect, it } from 'vitest';
import { graphileLogger } from './runner';

function capture() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: object, msg: string) => void lines.push({ level, msg });
  return { lines, sink: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } };
}

describe('job queue log lines', () => {
  it("keep errors as errors, routine lines at debug, and a database shutdown (57P01, during the app's own stop) at debug", () => {
    const { lines, sink } = capture();
    const logger = graphileLogger(sink);
    logger.error('task failed', { error: { code: '23505' } });
    logger.info('worker started');
    logger.error('PostgreSQL active client generated error: terminating connection due to administrator command', {
      error: { code: '57P01', severity: 'FATAL' },
    });
    expect(lines.map((l) => l.level)).toEqual(['error', 'debug', 'debug']);
    expect(lines[2]!.msg).toMatch(/^job queue: PostgreSQL active client/);
  });
});
