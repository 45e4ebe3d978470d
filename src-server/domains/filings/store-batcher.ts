/**
 * Group commit for ingest: concurrent jobs hand their prepared filing to storeBatched, and one
 * transaction per db handle at a time writes everything waiting. Under a burst, each batch
 * collects the filings that finished while the previous one committed. The "already stored?"
 * check before a fetch is coalesced the same way (one SELECT for every job asking at once).
 */
import type { Db } from '../../db/client';
import { batcher, perHandle } from './batcher';
import * as repo from './filings.repo';
import { storeFilings, type PreparedFiling, type StoreResult } from './filings.store';

/** Stores one prepared filing in the next batch on this db handle; resolves after its COMMIT and NOTIFY. */
export const storeBatched: (db: Db, prepared: PreparedFiling) => Promise<StoreResult> = perHandle((db: Db) =>
  batcher((prepared: PreparedFiling[]) => storeFilings(db, { prepared }), { max: 64 }),
);

/** The stored filing id of an accession number, or null; concurrent asks share one SELECT. */
export const storedFilingId: (db: Db, accessionNo: string) => Promise<number | null> = perHandle((db: Db) =>
  batcher(
    async (accessionNos: string[]) => {
      const ids = await repo.filingIdsByAccession(db, { accessionNos: [...new Set(accessionNos)] });
      return accessionNos.map((a) => ids.get(a) ?? null);
    },
    { max: 256 },
  ),
);
