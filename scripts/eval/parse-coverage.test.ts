// The parse-coverage probe keeps tune 8-K and 13D/G rows only, chosen before any document is opened (decision 358).
import { describe, expect, it } from 'vitest';
import { tuneRows } from './parse-coverage';

const line = (o: Record<string, unknown>) => JSON.stringify({ label: 'HIGH', why: 'w', context: '', ...o });

describe('parse-coverage rows', () => {
  it('drops holdout rows and other families, and keeps no label or reason', () => {
    const jsonl = [
      line({ file: 'a.htm', accession: null, form: '8-K', family: '8-K', split: 'tune' }),
      line({ file: 'b.htm', accession: null, form: '8-K', family: '8-K', split: 'holdout' }),
      line({ file: 'c.txt', accession: '0000000000-00-000001', form: 'SC 13D', family: '13d-g', split: 'tune' }),
      line({ file: 'd.txt', accession: null, form: 'SC 13G', family: '13d-g', split: 'holdout' }),
      line({ file: 'e.xml', accession: null, form: '4', family: 'form345', split: 'tune' }),
      '',
    ].join('\n');
    const rows = tuneRows(jsonl);
    expect(rows.map((r) => r.file)).toEqual(['a.htm', 'c.txt']);
    for (const r of rows) expect(Object.keys(r).sort()).toEqual(['accession', 'family', 'file', 'form']);
  });
});
