/** The fact checker between a model and the user: numbers, citations and quotes must come from the tools. */
import { describe, expect, it } from 'vitest';
import { checkAnswer } from './checker';
import type { Fact } from './contract';

const source = {
  accessionNo: '0000899243-22-035394',
  form: '4',
  filedAt: '2022-11-09T22:28:58Z',
  acceptedAt: '2022-11-09T22:28:58Z',
  item: null,
  row: null,
  url: null,
  viewUrl: null,
};
const facts: Fact[] = [
  { id: 'f1', label: 'Code S shares of stock', value: 4_400_000, unit: 'shares', source },
  { id: 'f2', label: 'Code S value', value: 843_154_226.33, unit: 'USD', source },
  {
    id: 'f3',
    label: 'Summary',
    value: 'Elon Musk sold 4,400,000 shares at an average $191.63 ($843.2M)',
    unit: null,
    source,
  },
  {
    id: 'f4',
    label: 'Item 5.02',
    value: 'Departure of Directors',
    unit: null,
    source: { ...source, accessionNo: '0001104659-25-108507', form: '8-K', item: '5.02' },
  },
];
const check = (text: string, question = 'How many shares did Musk sell?') => checkAnswer(text, { facts, question });

describe('checker', () => {
  it('accepts numbers copied from the tools, rounded as written, and their filing days', () => {
    expect(check('Musk sold 4,400,000 shares for $843,154,226.33 on 2022-11-09 [[acc:0000899243-22-035394]].').ok).toBe(
      true,
    );
    expect(
      check(
        'About $843.2M, at an average $191.63 [[acc:0000899243-22-035394]]. The CEO change is Item 5.02 [[acc:0001104659-25-108507#5.02]].',
      ).ok,
    ).toBe(true);
    expect(check('It is a Form 4 under Rule 10b5-1? No: an 8-K item, see [[acc:0001104659-25-108507]].').ok).toBe(true);
  });

  it('rejects an altered or invented number, however it is written', () => {
    expect(check('Musk sold 4,500,000 shares [[acc:0000899243-22-035394]].')).toMatchObject({
      ok: false,
      unsupportedNumbers: ['4,500,000'],
    });
    expect(check('Musk sold shares worth $844M [[acc:0000899243-22-035394]].').ok).toBe(false);
    expect(check('That is 87% of his stake [[acc:0000899243-22-035394]].').unsupportedNumbers).toEqual(['87%']);
    expect(check('He sold on 2022-11-10 [[acc:0000899243-22-035394]].').unsupportedNumbers).toEqual(['2022-11-10']);
  });

  it('rejects citations the tools did not return, and items the cited filing did not report', () => {
    expect(check('See [[acc:0000320193-20-000086]].')).toMatchObject({
      ok: false,
      unknownCitations: ['0000320193-20-000086'],
    });
    expect(check('Also in 0001193125-19-292676.').unknownCitations).toEqual(['0001193125-19-292676']);
    expect(check('Earnings were reported [[acc:0001104659-25-108507#2.02]].').unknownCitations).toEqual([
      '0001104659-25-108507#2.02',
    ]);
  });

  it('rejects quotes that are not in the tool results word for word', () => {
    expect(
      check('The filing says "Elon Musk sold 4,400,000 shares at an average $191.63" [[acc:0000899243-22-035394]].').ok,
    ).toBe(true);
    expect(
      check('The filing says "Elon Musk sold all of his shares in a panic" [[acc:0000899243-22-035394]].').badQuotes,
    ).toHaveLength(1);
  });
});
