/**
 * /admin/tickers: the catalogue with watchers per ticker, hand-set ticker->CIK mappings, and the
 * refresh from SEC's ticker file through the EDGAR integration (the replay serves it offline).
 */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import type { EdgarClient } from '../../integrations/edgar/edgar-client';
import type { Progress } from '../admin/admin-jobs.service';
import { parseCompanyTickers } from './catalogue-file';
import { importCatalogue } from './catalogue.service';
import * as repo from './tickers-admin.repo';

export const TICKER_RE = /^[A-Z][A-Z0-9.-]{0,9}$/;

export interface CatalogueAdminItem {
  ticker: string;
  cik: number;
  name: string;
  active: boolean;
  watchers: number;
  /** Set by hand (with this note), not from SEC's file. */
  override: { note: string; at: string } | null;
}

export async function listCatalogueAdmin(
  db: Db,
  {
    q,
    sort,
    after,
    limit,
  }: { q?: string | null; sort: repo.CatalogueSort; after?: repo.CatalogueCursor | null; limit: number },
) {
  const rows = await repo.listCatalogue(db, { q: q?.trim() || null, sort, after: after ?? null, limit });
  const items: CatalogueAdminItem[] = rows.map((r) => ({
    ticker: r.ticker,
    cik: r.cik,
    name: r.name,
    active: r.active,
    watchers: r.watchers,
    override: r.override_note != null ? { note: r.override_note, at: r.override_at! } : null,
  }));
  const last = items.at(-1);
  return { items, next: items.length === limit && last ? { watchers: last.watchers, ticker: last.ticker } : null };
}

/**
 * Adds or corrects one ticker's CIK by hand. Watchlists follow the ticker, so its watchers see
 * the new company's filings; every process's search index picks it up on its next check.
 */
export async function setTickerMapping(
  db: Db,
  { ticker, cik, name, note, adminId }: { ticker: string; cik: number; name: string; note: string; adminId: string },
): Promise<{ before: repo.TickerMapping | null; after: repo.TickerMapping }> {
  const symbol = ticker.trim().toUpperCase();
  if (!TICKER_RE.test(symbol))
    throw new AppError('BAD_REQUEST', 'A ticker is 1-10 letters, digits, dots or dashes, starting with a letter.', {
      reason: 'ticker_invalid',
    });
  return db.transaction(async (tx) => {
    const before = await repo.mappingOf(tx, { ticker: symbol });
    await repo.saveOverride(tx, { ticker: symbol, cik, name: name.trim(), note: note.trim(), adminId });
    await repo.touchCatalogue(tx);
    const after = (await repo.mappingOf(tx, { ticker: symbol }))!;
    return { before, after };
  });
}

/** The refresh job: download SEC's file through the EDGAR client (budgeted), parse, import. */
export async function refreshCatalogueViaEdgar(
  db: Db,
  { client, progress }: { client: EdgarClient; progress: Progress },
) {
  await progress({ done: 0, total: 3, changed: 0 });
  const response = await client.get('/files/company_tickers.json', { accept: 'application/json', priority: 'bulk' });
  if (response.status !== 200)
    throw new AppError('UNAVAILABLE', `SEC's ticker file was not found at ${response.url}.`, { reason: 'sec_error' });
  await progress({ done: 1, total: 3, changed: 0 });
  const file = parseCompanyTickers(response.text);
  await progress({ done: 2, total: 3, changed: 0 });
  const load = await importCatalogue(db, { file, source: response.url, asOf: new Date() });
  await progress({ done: 3, total: 3, changed: load.changed + load.deactivated });
  return { url: response.url, entries: load.entries, changed: load.changed, deactivated: load.deactivated };
}
