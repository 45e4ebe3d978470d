import { describe, expect, it } from 'vitest';
import { csvField } from './activity.service';

describe('CSV fields never run as spreadsheet formulas', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['＝SUM(A1:A9)', "'＝SUM(A1:A9)"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠A1', "'＠A1"],
    ['  =1+1', "'  =1+1"],
  ])('%j is neutralised', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('leaves plain text and quotes it only when needed', () => {
    expect(csvField('Apple Inc.')).toBe('Apple Inc.');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField(null)).toBe('');
  });
});
