import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AppError } from '#shared/app-error';
import { projectPath } from '../../config/paths';
import { withoutStateTag } from '../../edgar-model/company-name';

/** One row of SEC's company_tickers.json, in SEC's order (largest companies first). */
export interface CatalogueEntry {
  ticker: string;
  cik: number;
  name: string;
  rank: number;
}

/** A parsed catalogue file plus what identifies it. */
export interface CatalogueFile {
  entries: CatalogueEntry[];
  sha256: string;
}

/** The real copy shipped in the repository (data/SOURCES.md): SEC's file as of its download date. */
export const SHIPPED_CATALOGUE = {
  path: projectPath('src-server/domains/tickers/data/company_tickers.json'),
  asOf: new Date('2026-02-01T00:00:00Z'),
  source: 'shipped',
} as const;

/** SEC's current ticker file; EDGAR_BASE_URL (www.sec.gov) may point elsewhere (a mirror, a test peer). */
export function companyTickersUrl(edgarBaseUrl = 'https://www.sec.gov'): string {
  return new URL('/files/company_tickers.json', edgarBaseUrl).toString();
}

const rowSchema = z.object({
  cik_str: z.number().int().positive(),
  ticker: z.string().trim().min(1).max(20),
  title: z.string().trim().min(1),
});
const fileSchema = z.record(z.string(), z.unknown());

/**
 * Parses company_tickers.json ({"0": {cik_str, ticker, title}, ...}). Malformed rows are dropped
 * rather than failing the whole file; a file with no usable row is an error. A ticker listed twice
 * keeps its first (higher-ranked) row.
 */
export function parseCompanyTickers(text: string): CatalogueFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new AppError('UNPROCESSABLE', 'The ticker file is not valid JSON.', { cause });
  }
  const file = fileSchema.safeParse(json);
  if (!file.success)
    throw new AppError('UNPROCESSABLE', 'The ticker file is not an object of {cik_str, ticker, title} rows.');
  const rows = Object.entries(file.data)
    .map(([key, value]) => ({ order: Number(key), row: rowSchema.safeParse(value) }))
    .filter((r) => r.row.success)
    .sort((a, b) => (Number.isFinite(a.order) ? a.order : Infinity) - (Number.isFinite(b.order) ? b.order : Infinity));
  const seen = new Set<string>();
  const entries: CatalogueEntry[] = [];
  for (const { row } of rows) {
    const { cik_str: cik, ticker, title } = row.data!;
    const symbol = ticker.toUpperCase();
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    // EDGAR's state tag ("1895 Bancorp of Wisconsin, Inc. /MD/") is not part of the name people read or search.
    entries.push({ ticker: symbol, cik, name: withoutStateTag(title), rank: entries.length });
  }
  if (entries.length === 0) throw new AppError('UNPROCESSABLE', 'The ticker file lists no tickers.');
  return { entries, sha256: createHash('sha256').update(text).digest('hex') };
}

export async function readShippedCatalogue(): Promise<CatalogueFile> {
  return parseCompanyTickers(await readFile(SHIPPED_CATALOGUE.path, 'utf8'));
}
