/**
 * The daily price files shipped in ./data (see data/SOURCES.md), loaded into price_bars so the
 * ticker page chart works offline. Idempotent: a ticker is (re)loaded only when it has no history
 * yet or its shipped file changed; history from the quote provider is never replaced by a file.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { parseDailyCsv } from './price-file';
import * as repo from './prices.repo';
import { projectPath } from '../../config/paths';

export const SHIPPED_PRICES_DIR = projectPath('src-server/domains/prices/data/');

interface Manifest {
  folders: Record<string, { adjustment: string; note: string }>;
  tickers: Record<string, string>;
}

export interface LoadReport {
  loaded: { ticker: string; bars: number; source: string }[];
  unchanged: string[];
  /** Tickers whose history comes from another source (the quote provider): left alone. */
  kept: string[];
}

export const fileSource = (folder: string) => `file:${folder}`;

export async function loadShippedHistory(
  db: Db,
  options: {
    dir?: string;
    tickers?: string[];
    /** Stops between tickers (the process is stopping). */
    signal?: AbortSignal;
    /** Progress: each ticker as it is loaded, with its place among the manifest's tickers. */
    onTicker?: (
      loaded: { ticker: string; bars: number; source: string },
      place: { index: number; total: number },
    ) => void;
  } = {},
): Promise<LoadReport> {
  const dir = options.dir ?? SHIPPED_PRICES_DIR;
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const current = new Map((await repo.listSources(db)).map((s) => [s.ticker, s]));
  const report: LoadReport = { loaded: [], unchanged: [], kept: [] };
  const entries = Object.entries(manifest.tickers);
  for (const [index, [ticker, folder]] of entries.entries()) {
    if (options.signal?.aborted) break;
    if (options.tickers && !options.tickers.includes(ticker)) continue;
    const source = fileSource(folder);
    const existing = current.get(ticker);
    if (existing && !existing.source.startsWith('file:')) {
      report.kept.push(ticker);
      continue;
    }
    const bytes = await readFile(join(dir, folder, `${ticker}.csv`));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (existing?.source === source && existing.sha256 === sha256) {
      report.unchanged.push(ticker);
      continue;
    }
    const bars = parseDailyCsv(bytes.toString('utf8'));
    const adjustment = manifest.folders[folder]?.adjustment ?? 'unknown';
    await repo.replaceHistory(db, { ticker, source, adjustment, sha256, bars });
    report.loaded.push({ ticker, bars: bars.length, source });
    options.onTicker?.({ ticker, bars: bars.length, source }, { index: index + 1, total: entries.length });
  }
  if (report.loaded.length > 0) await repo.analyzeBars(db);
  return report;
}
