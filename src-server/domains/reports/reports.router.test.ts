/**
 * The report-diff queries over HTTP as an outsider would call them: public reads of public
 * filings, so what matters is that bad input gets a clear 4xx and changes nothing, never a 5xx,
 * and that they cannot be used to write.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app';

const { url } = await startTestApp();

const query = (path: string, input: unknown) =>
  fetch(`${url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);

describe('reports.forFiling and reports.history from outside', () => {
  it('answer null / [] for what is not there', async () => {
    const none = await query('reports.forFiling', { filingId: 424242 });
    expect(none.status).toBe(200);
    expect((await none.json()).result.data).toBeNull();
    const history = await query('reports.history', { ticker: 'ZZZZ' });
    expect((await history.json()).result.data).toEqual([]);
  });

  it('reject malformed input with a 400 and a message (no 5xx: an id past bigint, a negative one, extra keys)', async () => {
    for (const [path, input] of [
      ['reports.forFiling', { filingId: 1e20 }],
      ['reports.forFiling', { filingId: -1 }],
      ['reports.forFiling', { filingId: '1; drop table filings' }],
      ['reports.forFiling', { filingId: 1, admin: true }],
      ['reports.history', { ticker: 'X'.repeat(500) }],
      ['reports.history', { ticker: '' }],
    ] as const) {
      const res = await query(path, input);
      expect(res.status, `${path} ${JSON.stringify(input)}`).toBe(400);
      expect((await res.json()).error.message).toBeTruthy();
    }
  });

  it('cannot be called as a write (a forged cross-site POST is refused)', async () => {
    const res = await fetch(`${url}/trpc/reports.forFiling`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ filingId: 1 }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
