import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import { parseCompanyTickers, readShippedCatalogue, SHIPPED_CATALOGUE, type CatalogueFile } from './catalogue-file';
import * as repo from './tickers.repo';
import { applyOverrides } from './tickers-admin.repo';

export interface CatalogueLoad {
  loaded: boolean;
  entries: number;
  changed: number;
  deactivated: number;
}

/** Replaces the catalogue with a file's contents in one transaction (serialised across processes). */
export async function importCatalogue(
  db: Db,
  params: { file: CatalogueFile; source: string; asOf: Date; onlyIfOlderThan?: Date },
): Promise<CatalogueLoad> {
  return db.transaction(async (tx) => {
    await repo.lockCatalogue(tx);
    if (params.onlyIfOlderThan) {
      const state = await repo.readCatalogueState(tx);
      if (state && state.asOf >= params.onlyIfOlderThan)
        return { loaded: false, entries: state.entries, changed: 0, deactivated: 0 };
    }
    const rows = await repo.upsertCatalogueRows(tx, { entries: params.file.entries });
    // Mappings an admin set by hand survive every reload of SEC's file.
    await applyOverrides(tx);
    const { changed, deactivated } = rows;
    await repo.writeCatalogueState(tx, {
      source: params.source,
      asOf: params.asOf,
      sha256: params.file.sha256,
      entries: params.file.entries.length,
    });
    return { loaded: true, entries: params.file.entries.length, changed, deactivated };
  });
}

/**
 * Loads the copy shipped in the repository when the catalogue is empty or older than it, so a
 * fresh install (and every test database) has every SEC ticker without network access.
 */
export async function ensureShippedCatalogue(db: Db): Promise<CatalogueLoad> {
  const state = await repo.readCatalogueState(db);
  if (state && state.asOf >= SHIPPED_CATALOGUE.asOf)
    return { loaded: false, entries: state.entries, changed: 0, deactivated: 0 };
  return importCatalogue(db, {
    file: await readShippedCatalogue(),
    source: SHIPPED_CATALOGUE.source,
    asOf: SHIPPED_CATALOGUE.asOf,
    onlyIfOlderThan: SHIPPED_CATALOGUE.asOf,
  });
}

/** SEC asks automated clients to declare who they are: "Company Name contact@domain". */
export function isDeclaredUserAgent(value: string | undefined): value is string {
  return Boolean(value && /^\S.*\s\S+@\S+\.\S+$/.test(value.trim()));
}

/**
 * Downloads SEC's current company_tickers.json with the declared User-Agent and imports it.
 * SEC's Last-Modified dates the file; without it the download time does.
 */
export async function refreshCatalogueFromSec(
  db: Db,
  params: { url: string; userAgent: string | undefined; signal?: AbortSignal },
): Promise<CatalogueLoad & { url: string; asOf: Date }> {
  if (!isDeclaredUserAgent(params.userAgent)) {
    throw new AppError(
      'BAD_REQUEST',
      'Set EDGAR_USER_AGENT to "Company Name contact@domain": SEC refuses undeclared clients.',
      {
        reason: 'edgar_user_agent_missing',
      },
    );
  }
  let response: Response;
  try {
    response = await fetch(params.url, {
      headers: { 'User-Agent': params.userAgent, Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate' },
      signal: params.signal ?? AbortSignal.timeout(60_000),
    });
  } catch (cause) {
    throw new AppError('UNAVAILABLE', `Could not reach ${params.url}.`, { reason: 'sec_unreachable', cause });
  }
  if (!response.ok) {
    throw new AppError('UNAVAILABLE', `SEC answered ${response.status} ${response.statusText} for ${params.url}.`, {
      reason: 'sec_error',
    });
  }
  const file = parseCompanyTickers(await response.text());
  const lastModified = Date.parse(response.headers.get('last-modified') ?? '');
  const asOf = Number.isFinite(lastModified) ? new Date(lastModified) : new Date();
  const load = await importCatalogue(db, { file, source: params.url, asOf });
  return { ...load, url: params.url, asOf };
}
