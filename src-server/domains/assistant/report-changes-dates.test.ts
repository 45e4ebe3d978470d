/**
 * "What changed in Meta's 10-K?" compares its FY2024 10-K (filed 2025-01-30) with its FY2023 10-K,
 * whose filing date the replay does not record: the answer must not call the FY2023 period end
 * (2023-12-31) its filing date. Real PostgreSQL, both real 10-Ks ingested through the EDGAR peer.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FILED_DATE_NOT_RECORDED, FILED_DATE_NOT_RECORDED_INLINE } from '#shared/filed-date';
import { createTestDatabase } from '../../test/db';
import { store10kPair } from '../../test/report-pair';
import { reportChanges } from './report-changes.tool';

const META_10K_PAIR = {
  cik: 1326801,
  companyName: 'Meta Platforms, Inc.',
  older: '0001326801-24-000012',
  newer: '0001326801-25-000017',
};

const { db } = await createTestDatabase();
await db.execute(sql`insert into tickers (ticker, cik, name) values ('META', 1326801, 'Meta Platforms, Inc.')`);
await store10kPair(db, META_10K_PAIR);

describe("the assistant on Meta's report changes", () => {
  it('gives the FY2024 10-K its filing day and the FY2023 one none', async () => {
    const scope = { ciks: [1326801], labels: ['META'], from: null, to: null, until: new Date() };
    const answer = await reportChanges(db, scope, { section: 'risk_factors', forms: ['10-K'] });
    expect(answer.lines[0]).toBe(
      `META's 10-K filed 2025-01-30 [[acc:${META_10K_PAIR.newer}]], compared with its previous 10-K, ${FILED_DATE_NOT_RECORDED_INLINE} [[acc:${META_10K_PAIR.older}]]:`,
    );
    expect(answer.facts.slice(0, 2).map((f) => [f.value, f.unit, f.source.filedDateUnknown])).toEqual([
      ['2025-01-30', 'date', undefined],
      [FILED_DATE_NOT_RECORDED, null, true],
    ]);
  });
});
