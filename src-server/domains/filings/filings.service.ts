/**
 * Ingest: fetch one accession from EDGAR (or the replay), parse, score against what is stored,
 * and store filing + insider rows (filings.store.ts: one transaction per batch of concurrent
 * jobs, NOTIFY filing_scored after its commit).
 */
import type { Db } from '../../db/client';
import type { EdgarClient } from '../../integrations/edgar/edgar-client';
import { fetchFiling } from '../../integrations/edgar/fetch-filing';
import { accessionFolder, indexPagePath } from '../../integrations/edgar/paths';
import type { EdgarPriority } from '../../integrations/edgar/request-budget';
import { prepareFiling, type FilingSource } from './filings.store';
import { parseFiling, type ParseHints } from '../../edgar-model/parse';
import { storeBatched, storedFilingId } from './store-batcher';
import { diffBeforeScoring, type ReportDiffOptions } from '../reports/report-ingest';

export { storeParsedFiling, type FilingSource, type StoreMeta, type StoreResult } from './filings.store';

const SEC_WWW = 'https://www.sec.gov';

export interface IngestRef {
  accessionNo: string;
  cik: number;
  formType?: string | null;
  companyName?: string | null;
  filedDate?: string | null;
  acceptedAt?: string | null;
  primaryDocument?: string | null;
  detectedAt?: string | null;
  listedAfter?: string | null;
  detectedVia?: string | null;
  source: FilingSource;
}

export type IngestOutcome = { status: 'stored' | 'duplicate'; id: number } | { status: 'not_available' };

/** One accession end to end. Skips the fetch when it is already stored. */
export async function ingestAccession(
  db: Db,
  {
    client,
    ref,
    analyze = false,
    priority = 'live',
    reports,
  }: {
    client: EdgarClient;
    ref: IngestRef;
    analyze?: boolean;
    priority?: EdgarPriority;
    /** Compare a 10-K/10-Q with its comparable report before scoring it (domains/reports). */
    reports?: ReportDiffOptions;
  },
): Promise<IngestOutcome> {
  const existing = await storedFilingId(db, ref.accessionNo);
  if (existing != null) return { status: 'duplicate', id: existing };
  const fetched = await fetchFiling(client, ref, priority);
  if (!fetched) return { status: 'not_available' };
  const hints: ParseHints = { ...ref, documentTexts: fetched.documentTexts };
  const parsed = parseFiling(fetched.raw, hints);
  // Stored links always point at sec.gov: replayed filings are real and live there too.
  const folder = `${SEC_WWW}${accessionFolder(ref.cik, ref.accessionNo)}`;
  if (reports) await diffBeforeScoring(db, { client, ref, parsed, raw: fetched.raw, url: fetched.url, ...reports });
  const prepared = await prepareFiling(db, {
    parsed,
    meta: {
      source: ref.source,
      detectedAt: ref.detectedAt ? new Date(ref.detectedAt) : null,
      feedListedAfter: ref.listedAfter ? new Date(ref.listedAfter) : null,
      detectedVia:
        ref.source === 'backfill' || ref.source === 'manual'
          ? ref.source
          : (ref.detectedVia ?? (ref.detectedAt ? 'feed' : null)),
      indexUrl: `${SEC_WWW}${indexPagePath(ref.cik, ref.accessionNo)}`,
      primaryDocUrl: parsed.primaryDocument ? `${folder}${parsed.primaryDocument}` : null,
      analyze,
    },
  });
  // Concurrent ingest jobs share one storing transaction (store-batcher.ts).
  const result = await storeBatched(db, prepared);
  return { status: result.inserted ? 'stored' : 'duplicate', id: result.id };
}
