import { describe, expect, it } from 'vitest';
import { form4Summary, latestFilingFor, volumeBadge, week52Badge } from './card-rules';

describe('52-week position badge (Near Low < 25% of the range, Near High > 75%)', () => {
  const at = (price: number) => week52Badge({ current_price: price, week_52_low: 100, week_52_high: 200 });
  it.each([
    [100, 'Near Low'],
    [124.99, 'Near Low'],
    [125, null],
    [175, null],
    [175.01, 'Near High'],
    [200, 'Near High'],
  ])('price %d -> %s', (price, label) => expect(at(price)?.label ?? null).toBe(label));
  it('needs a real range', () => {
    expect(week52Badge({ current_price: 10, week_52_low: 10, week_52_high: 10 })).toBeNull();
    expect(week52Badge({ current_price: null, week_52_low: 1, week_52_high: 2 })).toBeNull();
  });
});

describe('volume badge (>= 2x, >= 1.3x, < 0.7x of average)', () => {
  const ratio = (volume: number) => volumeBadge({ volume, avg_volume: 1000 })?.kind ?? null;
  it.each([
    [2000, 'surge'],
    [1999, 'elevated'],
    [1300, 'elevated'],
    [1299, null],
    [700, null],
    [699, 'quiet'],
  ])('volume %d -> %s', (volume, kind) => expect(ratio(volume)).toBe(kind));
  it('labels the ratio and needs an average', () => {
    expect(volumeBadge({ volume: 2500, avg_volume: 1000 })?.label).toBe('2.5x avg volume');
    expect(volumeBadge({ volume: 2500, avg_volume: 0 })).toBeNull();
  });
});

describe('latest filing on a card (primary-form rule)', () => {
  const item = {
    recent_filings: [
      { form: '4', one_liner: 'CEO sold 10,000 shares', filed_at: '2025-06-20T10:00:00Z' },
      { form: '8-K/A', one_liner: 'Amended results', filed_at: '2025-06-10T10:00:00Z' },
    ],
  };
  it('non-PRO on a brand with a primary form sees only that form', () => {
    const view = latestFilingFor(item, { primaryForm: '8-K', pro: false, showAll: false });
    expect(view).toMatchObject({ kind: 'filing', filing: { one_liner: 'Amended results' } });
  });
  it("says 'No recent {form} filings' when the primary form has none", () => {
    expect(
      latestFilingFor(
        { recent_filings: [item.recent_filings[0]!] },
        { primaryForm: '8-K', pro: false, showAll: false },
      ),
    ).toEqual({
      kind: 'empty',
      message: 'No recent 8-K filings',
    });
    expect(latestFilingFor({ recent_filings: [] }, { primaryForm: '4', pro: false, showAll: false })).toEqual({
      kind: 'empty',
      message: 'No recent Form 4 filings',
    });
  });
  it('PRO users, show-all, or brands without a primary form see the newest filing', () => {
    for (const options of [
      { primaryForm: '8-K', pro: true, showAll: false },
      { primaryForm: '8-K', pro: false, showAll: true },
      { primaryForm: null, pro: false, showAll: false },
    ]) {
      expect(latestFilingFor(item, options)).toMatchObject({ kind: 'filing', filing: { form: '4' } });
    }
  });
  it("says 'No recent activity' without filings", () => {
    expect(latestFilingFor({ recent_filings: [] }, { primaryForm: null, pro: true, showAll: false })).toEqual({
      kind: 'empty',
      message: 'No recent activity',
    });
  });
});

describe('Form 4 summaries', () => {
  it("reads '{executive} bought/sold {N} shares' and links by insider CIK", () => {
    const summary = form4Summary({
      form: '4',
      insider_data: JSON.stringify({
        executiveName: 'Jane Doe',
        insiderCik: '0001234567',
        isDisposition: true,
        sharesTraded: 12500,
      }),
    });
    expect(summary).toEqual({
      text: 'Jane Doe sold 12,500 shares',
      href: '/insider/cik/0001234567',
      incomplete: false,
    });
  });
  it('links by the URL-encoded name without a CIK', () => {
    const summary = form4Summary({
      form: '4/A',
      insider_data: { executiveName: 'Musk Elon R.', isDisposition: false, sharesTraded: 100 },
    });
    expect(summary).toEqual({
      text: 'Musk Elon R. bought 100 shares',
      href: '/insider/Musk%20Elon%20R.',
      incomplete: false,
    });
  });
  it("uses the server's wording for exercises and grants, which are not purchases", () => {
    const summary = form4Summary({
      form: '4',
      one_liner: 'Elon Musk exercised or converted 10,500 shares',
      insider_data:
        '{"executiveName":"Elon Musk","insiderCik":"1494730","isDisposition":false,"sharesTraded":10500,"transactionCode":"M","incompleteData":false}',
    });
    expect(summary).toEqual({
      text: 'Elon Musk exercised or converted 10,500 shares',
      href: '/insider/cik/1494730',
      incomplete: false,
    });
  });
  it("uses the server's wording for notes counted in dollars: never 'bought shares (incomplete data)'", () => {
    const summary = form4Summary({
      form: '4',
      one_liner: 'Roelof Botha bought $25.0M of 0.25% convertible senior notes due 2027',
      insider_data:
        '{"executiveName":"Roelof Botha","insiderCik":"1219210","isDisposition":false,"sharesTraded":null,"transactionCode":"P","incompleteData":false}',
    });
    expect(summary).toEqual({
      text: 'Roelof Botha bought $25.0M of 0.25% convertible senior notes due 2027',
      href: '/insider/cik/1219210',
      incomplete: false,
    });
  });
  it('flags incomplete data marked by the server', () => {
    const data =
      '{"executiveName":"Jane Doe","isDisposition":true,"sharesTraded":5,"transactionCode":"S","incompleteData":true}';
    expect(form4Summary({ form: '4', insider_data: data })?.incomplete).toBe(true);
    expect(
      form4Summary({
        form: '4',
        insider_data: data.replace('"incompleteData":true', '"incompleteData":false'),
        data_incomplete: true,
      })?.incomplete,
    ).toBe(true);
  });
  it('flags incomplete data', () => {
    expect(form4Summary({ form: '4', insider_data: '{"executiveName":"Jane Doe","isDisposition":true}' })).toEqual({
      text: 'Jane Doe sold shares',
      href: '/insider/Jane%20Doe',
      incomplete: true,
    });
    expect(form4Summary({ form: '4', insider_data: 'not json', executive_names: ['John Roe'] })?.incomplete).toBe(true);
  });
  it('is only for Form 4', () => {
    expect(form4Summary({ form: '8-K' })).toBeNull();
  });
});
