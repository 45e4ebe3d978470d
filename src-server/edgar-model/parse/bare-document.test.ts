/**
 * Bare primary documents (no SEC header): real inline-XBRL 10-K/10-Q .htm files of edgartools' test data
 * (eval/importance/SOURCES.md lists repository, commit and sha256) name their form and registrant themselves.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../config/paths';
import { scoreFiling } from '../score';
import { cleanPersonName } from './beneficial-cover';
import { parseFiling } from '.';

const bare = (name: string) =>
  parseFiling(gunzipSync(readFileSync(projectPath(`eval/importance/filings/periodic/${name}`))).toString('latin1'));

describe('bare primary documents', () => {
  it("an inline-XBRL 10-Q without its SEC header is a 10-Q of its registrant (Apple's of 2025-08-01)", () => {
    const p = bare('aapl-10-q-2025-08-01.html.gz');
    expect(p).toMatchObject({ formType: '10-Q', family: 'periodic', periodOfReport: '2025-06-28' });
    expect(p.company?.name).toBe('Apple Inc.');
    // Its cover facts name the CIK and ticker EDGAR's header would have given (dei:EntityCentralIndexKey 0000320193,
    // dei:TradingSymbol AAPL): the report can be tied to the company's prices, reports and watchers.
    expect(p.company).toMatchObject({ cik: 320193, tradingSymbol: 'AAPL' });
    expect(scoreFiling(p).oneLiner).toBe(
      'Apple Inc. quarterly report (10-Q) for the period ended 2025-06-28 (fiscal 2025 Q3)',
    );
  });

  it('10-Ks too, with the name as the cover facts state it (Boeing, Johnson & Johnson)', () => {
    expect(bare('ba-10-k-2025-02-03.html.gz')).toMatchObject({ formType: '10-K', company: { name: 'BOEING CO' } });
    expect(bare('jnj-10-q-2025-07-24.html.gz').company).toMatchObject({
      name: 'Johnson & Johnson',
      cik: 200406,
      tradingSymbol: 'JNJ',
    });
  });

  it('an HTML cover whose authoring tool wrapped the name across source lines still names the registrant', () => {
    // Horizon Financial's 2009 8-K (edgar-crawler): "HORIZON\n      FINANCIAL CORP." in one cell; its plain-text
    // neighbour, PerkinElmer's 2001 10-K405, keeps its own lines (its <TABLE> is SGML, not HTML).
    const horizon = readFileSync(
      projectPath('eval/importance/filings/8k/8k_1002682_8K_2009_0000939057-09-000381.htm'),
      'utf8',
    );
    expect(horizon).toContain('HORIZON\n      FINANCIAL CORP.');
    const p = parseFiling(horizon, { formType: '8-K' });
    expect(p.company?.name).toBe('HORIZON FINANCIAL CORP.');
    expect(scoreFiling(p).oneLiner).toBe('Horizon Financial Corp.: Nasdaq deficiency notice: 90 days to cure');
    const perkin = readFileSync(
      projectPath('src-server/test/fixtures/edgar/corpus/perkinelmer_10-K405_2001_b38210pee10-k405.txt'),
      'utf8',
    );
    expect(parseFiling(perkin).company?.name).toBe('PERKINELMER, INC.');
  });
});

describe('13D/G reporting-person names', () => {
  it('drop the I.R.S. number typed into the name row', () => {
    expect(cleanPersonName('ACME CORP 13-1234567')).toBe('ACME CORP');
    expect(cleanPersonName('ACME CORP (I.R.S. No. 13-1234567)')).toBe('ACME CORP');
    expect(cleanPersonName('Baker Bros. Advisors LP')).toBe('Baker Bros. Advisors LP');
  });
});
