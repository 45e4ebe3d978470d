import type { Db } from '../db/client';
import { ingestAccession } from '../domains/filings/filings.service';
import { EdgarClient } from '../integrations/edgar/edgar-client';
import { RateLimiter } from '../integrations/edgar/rate-limiter';
import { startReplayServer } from '../integrations/edgar/replay/replay-server';

/** Apple's FY2024 and FY2025 10-Ks (replay-data/SOURCES.md): the pair reports.test.ts compares. */
export const APPLE_10K_PAIR = { older: '0000320193-24-000123', newer: '0000320193-25-000079' } as const;

/**
 * Ingests Apple's two real 10-Ks through the local EDGAR peer as the live pipeline does: the newer
 * one is compared with the older (stored diff: 0 new risk factors, 1 removed) and scored HIGH.
 * Needs the AAPL ticker row (test/alerts.ts seedTickers). Returns the newer filing's id.
 */
export async function storeApple10kPair(db: Db): Promise<number> {
  const replay = await startReplayServer();
  try {
    const client = new EdgarClient({
      baseUrl: replay.url,
      dataBaseUrl: replay.url,
      userAgent: 'Filing Alerts Test ops@example.com',
      limiter: new RateLimiter(10),
    });
    let newer = 0;
    for (const accessionNo of [APPLE_10K_PAIR.older, APPLE_10K_PAIR.newer]) {
      const outcome = await ingestAccession(db, {
        client,
        ref: { accessionNo, cik: 320193, formType: '10-K', companyName: 'Apple Inc.', source: 'replay' },
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
