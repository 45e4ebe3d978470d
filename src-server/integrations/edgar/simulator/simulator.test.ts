/** The EDGAR simulator: SEC's rate block, the undeclared-tool 403, acceptance-ordered feed with held filings inserted deep, 404 until published. */
import { afterAll, describe, expect, it } from 'vitest';
import { nyInstant } from '#shared/us-calendar';
import { parseAtomFeed } from '../atom';
import { httpGet } from '../http-get';
import { SimClock } from './clock';
import { buildSimDay } from './sim-day';
import { startEdgarSimulator, type EdgarSimulator } from './simulator';

const UA = { 'User-Agent': 'Bench Test ops@example.com' };
const companies = [
  { cik: 320193, name: 'Apple Inc.' },
  { cik: 1318605, name: 'Tesla, Inc.' },
  { cik: 1045810, name: 'NVIDIA CORP' },
];
const day = buildSimDay({
  companies,
  date: '2025-11-18',
  lags: { feed: 20, release: 120, efts: 90, submissions: 100, archivesBeforeFeed: 1 },
  specs: [
    { acceptedSeconds: 18 * 3600, day: -1, form: '8-K', cik: 320193, companyName: 'Apple Inc.' }, // held until 06:00
    { acceptedSeconds: 19 * 3600, day: -1, form: '4', cik: 1318605, companyName: 'Tesla, Inc.' }, // exempt: listed that evening
    { acceptedSeconds: 6 * 3600 + 30, form: '10-Q', cik: 1045810, companyName: 'NVIDIA CORP' },
  ],
});
const clock = new SimClock({ start: nyInstant('2025-11-18', 5 * 3600 + 59 * 60) });
let sim: EdgarSimulator;
const get = (path: string, headers: Record<string, string> = UA) =>
  httpGet(`${sim.url}${path}`, { headers, timeoutMs: 5_000 });
const feed = async () =>
  parseAtomFeed((await get('/cgi-bin/browse-edgar?action=getcurrent&start=0&count=100&output=atom')).body.toString());

afterAll(async () => {
  await sim?.close();
});

describe('EDGAR simulator', () => {
  it('lists by acceptance time: a held filing appears at 06:00 below newer ones', async () => {
    sim = await startEdgarSimulator({ day, clock });
    expect((await feed()).map((e) => e.formType)).toEqual(['4', '4']); // the exempt Form 4 (owner + issuer)
    clock.jumpTo(nyInstant('2025-11-18', 6 * 3600 + 125));
    const entries = await feed();
    expect(entries.map((e) => e.formType)).toEqual(['10-Q', '4', '4', '8-K']);
    const held = day.filings.find((f) => f.formType === '8-K')!;
    expect(held.filingDate).toBe('2025-11-18');
    expect(entries[3]!.updated).toBe(new Date(held.acceptedAt!).toISOString().replace(/\.\d{3}Z$/, '.000Z'));
  });

  it('archives answer 404 (S3 NoSuchKey) until the documents land, then the submission', async () => {
    const tenQ = day.filings.find((f) => f.formType === '10-Q')!;
    const path = `/Archives/edgar/data/${tenQ.cik}/${tenQ.accessionNo.replace(/-/g, '')}/${tenQ.accessionNo}.txt`;
    expect(tenQ.archivesAt).toBeLessThanOrEqual(clock.now());
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain(`ACCESSION NUMBER:\t\t${tenQ.accessionNo}`);
    const index = await get('/Archives/edgar/daily-index/2025/QTR4/master.20251118.idx');
    expect(index.status).toBe(404); // published at 22:45
    expect(index.body.toString()).toContain('NoSuchKey');
  });

  it('refuses an undeclared User-Agent', async () => {
    const res = await get('/cgi-bin/browse-edgar?action=getcurrent', { 'User-Agent': 'python-requests/2.31' });
    expect(res.status).toBe(403);
    expect(res.body.toString()).toMatch(/Undeclared Automated Tool/);
  });

  it('blocks for 10 minutes above 10 requests in one second, and extends the block while it goes on', async () => {
    clock.jumpTo(clock.now() + 5_000);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await get('/cgi-bin/browse-edgar?action=getcurrent&count=1')).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(403);
    const until = sim.blockedUntil()!;
    expect(until - clock.now()).toBeGreaterThan(599_000);
    clock.jumpTo(clock.now() + 5 * 60_000);
    expect((await get('/cgi-bin/browse-edgar?action=getcurrent&count=1')).status).toBe(403); // still blocked
    clock.jumpTo(until + 1);
    expect((await get('/cgi-bin/browse-edgar?action=getcurrent&count=1')).status).toBe(200);
    expect(sim.requests().maxPerSecond).toBeGreaterThanOrEqual(11);
  });
});
