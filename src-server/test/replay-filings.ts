import type { Db } from '../db/client';
import { storeParsedFiling } from '../domains/filings/filings.service';
import { parseFiling } from '../edgar-model/parse';
import { accessionFolder, indexPagePath } from '../integrations/edgar/paths';
import { loadReplaySet } from '../integrations/edgar/replay/replay-set';

/**
 * Stores recorded real filings of the EDGAR replay set (by accession number) the way the ingest
 * pipeline does: parsed, scored, with insider rows and sec.gov links. Returns ids by accession.
 */
export async function storeReplayFilings(db: Db, accessionNos: string[]): Promise<Map<string, number>> {
  const set = loadReplaySet();
  const ids = new Map<string, number>();
  for (const accessionNo of accessionNos) {
    const filing = set.find((f) => f.accessionNo === accessionNo);
    if (!filing) throw new Error(`no replay filing ${accessionNo}`);
    const parsed = parseFiling(filing.body, filing);
    const folder = `https://www.sec.gov${accessionFolder(filing.cik, filing.accessionNo)}`;
    const { id } = await storeParsedFiling(db, {
      parsed,
      meta: {
        source: 'replay',
        indexUrl: `https://www.sec.gov${indexPagePath(filing.cik, filing.accessionNo)}`,
        primaryDocUrl: parsed.primaryDocument ? `${folder}${parsed.primaryDocument}` : null,
      },
    });
    ids.set(accessionNo, id);
  }
  return ids;
}
