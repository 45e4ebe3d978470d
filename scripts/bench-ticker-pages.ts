/**
 * npm run bench:pages — the enhanced ticker page's data in one request (company, quote line,
 * facets, the first 50 filings with their Form 4 rows and cached AI analyses) for a ticker with
 * 5,000 stored filings among 25,000, measured against a bare Fastify route sending the same
 * bytes in the same run. Runs: one visitor at a time (the p99 target applies to it), then eight
 * at once: anonymous, signed-in watchers (each visit checks their seen marks and writes only when
 * something is new), an importance filter, and a page 3,000 filings deep.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadShippedHistory } from '../src-server/domains/prices/shipped-history';
import { benchArgs, benchDatabase, load, seedBench, startServer, type LoadResult } from './bench/bench-kit';
import { BENCH_TICKER, pagesBenchToken, seedTickerPagesBench } from './bench/ticker-pages-seed';

const SMOKE = benchArgs.smoke;
const SIZE = SMOKE ? { filings: 300, others: 100, users: 4 } : { filings: 5000, others: 20000, users: 200 };
/** The deep page: 60 pages of 50 in (3,000 filings deep). */
const DEEP_PAGES = SMOKE ? 3 : 60;
const CONNECTIONS = 8;
const DURATION_S = benchArgs.number('duration', SMOKE ? 1 : 10);
const WARMUP_S = SMOKE ? 1 : 3;
const TARGET_P99_MS = 30;

const database = await benchDatabase('bench_pages');
const workDir = mkdtempSync(join(tmpdir(), 'bench-pages-out-'));
const children: ChildProcess[] = [];
try {
  const { seconds } = await seedBench(database.url, async (db) => {
    await seedTickerPagesBench(db, SIZE);
    await loadShippedHistory(db, { tickers: [BENCH_TICKER] });
  });
  console.log(
    `seeded ${SIZE.filings} ${BENCH_TICKER} filings (+${SIZE.others} of 400 other companies), ${SIZE.users} watchers in ${seconds.toFixed(1)} s`,
  );

  const app = await startServer('app', database.url);
  children.push(app.child);
  const pageUrl = `${app.url}/api/ticker/${BENCH_TICKER}`;
  const sample = await (await fetch(pageUrl)).text();
  const data = JSON.parse(sample) as { facets: { total: number }; filings: { items: unknown[]; next_cursor: string } };
  if (data.facets.total !== SIZE.filings || data.filings.items.length !== 50)
    throw new Error(`unexpected page: ${sample.slice(0, 200)}`);
  const sampleFile = join(workDir, 'ticker-page.json');
  writeFileSync(sampleFile, sample);
  const baseline = await startServer('baseline', database.url, sampleFile);
  children.push(baseline.child);

  // A cursor 3,000 filings deep (60 pages of 50).
  let cursor = data.filings.next_cursor;
  for (let i = 1; i < DEEP_PAGES; i += 1)
    cursor = ((await (await fetch(`${pageUrl}/filings?cursor=${cursor}`)).json()) as { next_cursor: string })
      .next_cursor;

  const sessions = Array.from({ length: SIZE.users }, (_, i) => pagesBenchToken(i + 1));
  const run = async (url: string, sessionList?: string[]) => {
    await load(url, { duration: WARMUP_S, connections: CONNECTIONS, sessions: sessionList });
    return load(url, { duration: DURATION_S, connections: CONNECTIONS, sessions: sessionList });
  };
  const base = await run(`${baseline.url}/static`);
  // One visitor at a time: the latency of the page itself, without queueing behind others.
  await load(pageUrl, { duration: WARMUP_S, connections: 1 });
  const single = await load(pageUrl, { duration: DURATION_S, connections: 1 });
  const anonymous = await run(pageUrl);
  const watchers = await run(pageUrl, sessions);
  const filtered = await run(`${pageUrl}?importance=CRITICAL`);
  const deep = await run(`${pageUrl}/filings?cursor=${cursor}`);

  const row = (r: LoadResult) => ({
    n: r.n,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'MB/s': +(r.bytes / 1e6).toFixed(1),
    'vs baseline': +(r.rps / base.rps).toFixed(2),
  });
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up; one page response is ${(sample.length / 1024).toFixed(0)} KB`,
  );
  console.table({
    'GET /api/ticker/AAPL (1 connection)': row(single),
    'GET /api/ticker/AAPL (anonymous)': row(anonymous),
    'GET /api/ticker/AAPL (watchers, marks seen)': row(watchers),
    'GET /api/ticker/AAPL?importance=CRITICAL': row(filtered),
    [`GET /api/ticker/AAPL/filings (${DEEP_PAGES * 50} deep)`]: row(deep),
    'bare Fastify, same bytes (baseline)': row(base),
  });
  console.log(
    `bench:pages single_n=${single.n} single_p50_ms=${single.p50} single_p99_ms=${single.p99} rps_${CONNECTIONS}conn=${Math.round(anonymous.rps)} n=${anonymous.n} ` +
      `p50_ms=${anonymous.p50} p99_ms=${anonymous.p99} watcher_n=${watchers.n} watcher_p99_ms=${watchers.p99} baseline_rps=${Math.round(base.rps)} ` +
      `ratio=${(anonymous.rps / base.rps).toFixed(2)} target_p99_ms=${TARGET_P99_MS} ${single.p99 < TARGET_P99_MS ? 'PASS' : 'FAIL'}${SMOKE ? ' smoke=1' : ''} loadavg=${loadavg()
        .map((l) => l.toFixed(1))
        .join(',')}`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await database.drop();
  rmSync(workDir, { recursive: true, force: true });
}
