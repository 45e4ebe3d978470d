import type { Db } from '../db/client';
import { ingestAccession } from '../domains/filings/filings.service';
import { EdgarClient } from '../integrations/edgar/edgar-client';
import { RateLimiter } from '../integrations/edgar/rate-limiter';
import { startReplayServer } from '../integrations/edgar/replay/replay-server';
import { loadReplaySet } from '../integrations/edgar/replay/replay-set';

interface TenKPair {
  cik: number;
  companyName: string;
  older: string;
  newer: string;
}

/** Apple's FY2024 and FY2025 10-Ks (replay-data/SOURCES.md): 0 new risk factors, 1 removed; the newer is HIGH. */
export const APPLE_10K_PAIR = {
  cik: 320193,
  companyName: 'Apple Inc.',
  older: '0000320193-24-000123',
  newer: '0000320193-25-000079',
} as const satisfies TenKPair;

/** Walmart's FY2024 and FY2025 10-Ks (replay-data/SOURCES.md): one new risk factor. */
export const WALMART_10K_PAIR = {
  cik: 104169,
  companyName: 'Walmart Inc.',
  older: '0000104169-24-000056',
  newer: '0000104169-25-000021',
} as const satisfies TenKPair;

/**
 * Ingests a company's two real 10-Ks through the local EDGAR peer as the live pipeline does: the
 * newer one is compared with the older and scored with its stored diff. Needs the company's ticker
 * row (test/alerts.ts seedTickers for AAPL). Returns the newer filing's id.
 */
export async function store10kPair(db: Db, pair: TenKPair): Promise<number> {
  const filings = loadReplaySet();
  // The feed's ref carries the filing date; a bare 10-K document states only its period end.
  const filedDate = (accessionNo: string) => filings.find((f) => f.accessionNo === accessionNo)?.filedDate ?? null;
  const replay = await startReplayServer({ filings });
  try {
    const client = new EdgarClient({
      baseUrl: replay.url,
      dataBaseUrl: replay.url,
      userAgent: 'Filing Alerts Test ops@example.com',
      limiter: new RateLimiter(10),
    });
    let newer = 0;
    for (const accessionNo of [pair.older, pair.newer]) {
      const outcome = await ingestAccession(db, {
        client,
        ref: {
          accessionNo,
          cik: pair.cik,
          formType: '10-K',
          companyName: pair.companyName,
          filedDate: filedDate(accessionNo),
          source: 'replay',
        },
        reports: { priority: 'sweep', waitMs: 30_000 },
      });
      if (outcome.status !== 'stored') throw new Error(`${accessionNo}: ${outcome.status}`);
      newer = outcome.id;
    }
    return newer;
  } finally {
    await replay.close();
  }
}
