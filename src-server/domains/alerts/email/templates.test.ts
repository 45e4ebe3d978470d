/**
 * The email templates rendered with real filings (the replay set: Tesla's Wilson-Thompson Form 4,
 * Acorn Energy's 5.02 8-K, Tesla's 2020 10-K), as the admin preview and delivery render them:
 * snapshots of the HTML and the plain text, plus what must hold in every client (inline styles, no
 * <style> block the Gmail app may drop, the colour-scheme meta, badge colours, buttons, receipt).
 */
import { describe, expect, it } from 'vitest';
import { alertSms, isOneSegment, toGsm7 } from '../alert-messages';
import { form4TradeFacts, keyFacts } from './facts';
import { EMAIL_TEMPLATES, previewTemplate, sampleFilings } from './templates';
import { BADGE } from './theme';

describe('email templates', () => {
  it('registers every template with its variables for the admin editor', () => {
    expect(EMAIL_TEMPLATES.map((t) => t.id)).toEqual(['alert', 'alert-burst', 'digest', 'brief']);
    for (const t of EMAIL_TEMPLATES) expect(t.variables.map((v) => v.name)).toContain('frame.unsubscribeUrl');
    expect(EMAIL_TEMPLATES.find((t) => t.id === 'alert')!.variables.map((v) => v.name)).toEqual(expect.arrayContaining(['receipt', 'rule', 'filing.follows']));
  });

  it.each(EMAIL_TEMPLATES.map((t) => t.id))('renders %s with real filings (snapshot)', async (id) => {
    const email = (await previewTemplate(id))!;
    await expect(email.html).toMatchFileSnapshot(`./__snapshots__/${id}.html`);
    await expect(`${email.subject}\n\n${email.text}\n`).toMatchFileSnapshot(`./__snapshots__/${id}.txt`);
    expect(email.html).not.toMatch(/<style/i);
    expect(email.html).toContain('<meta name="color-scheme" content="light dark"');
    expect(email.html).toContain('Insider Trades Alerts');
    expect(email.html).toContain('https://alerts.example/unsubscribe/sample');
  });

  it('shows the Form 4 trade as a facts table with a coloured badge, buttons, receipt and routing rule', async () => {
    const email = (await previewTemplate('alert'))!;
    expect(email.subject).toBe('TSLA Form 4 · LOW: Kathleen Wilson-Thompson sold 100,000 shares at an average $411.63 ($41.2M...');
    expect(email.html).toContain(`background-color:${BADGE.LOW}`);
    expect(email.html).toContain('Read the Form 4 on SEC EDGAR');
    expect(email.html).toContain('href="https://alerts.example/ticker/TSLA"');
    expect(email.text).toContain('[LOW] TSLA (Tesla, Inc.) filed a Form 4, Jan 8, 2025, 7:00 PM EST.');
    expect(email.text).toContain('Who: Kathleen Wilson-Thompson\nRole: Director');
    expect(email.text).toContain('Transaction: Open-market sale\nShares: 100,000\nPrice: $411.63 average');
    expect(email.text).toContain('Also reported: Option or RSU exercise/conversion');
    expect(email.text).toContain('10b5-1 plan: Yes');
    expect(email.text).toMatch(/Receipt: accepted by SEC Jan 8 7:00:05 PM EST → detected 7:00:14 PM EST \(9\.0 s later, via the latest-filings feed\) → sent 7:00:16 PM EST/);
    expect(email.text).toContain('Routing: Email at once: your email alerts are set to HIGH and up.');
  });

  it('names every filing of a burst in one alert', async () => {
    const email = (await previewTemplate('alert-burst'))!;
    expect(email.subject).toMatch(/^TSLA: 3 filings within minutes · /);
    expect(email.text).toContain('Also in this burst:\n- [LOW] Form 4: Kathleen Wilson-Thompson');
    expect(email.text).toContain('- [MEDIUM] 10-K: ');
  });

  it('orders the brief by importance and says why it waited', async () => {
    const email = (await previewTemplate('brief'))!;
    expect(email.subject).toBe('Insider Trades Alerts pre-market brief: 3 filings since the close for ACFN, TSLA');
    expect(email.text.indexOf('ACFN')).toBeLessThan(email.text.indexOf('TSLA ·'));
    expect(email.text).toContain('Routing: Pre-market brief: filed between the close and 09:30 ET');
    expect(email.text).not.toContain('/upgrade');
    expect((await previewTemplate('digest'))!.text).toContain('https://alerts.example/upgrade');
  });
});

describe('facts', () => {
  it('renders 8-K items in words and the Form 4 trade from the parsed rows', () => {
    const [form4, eightK] = sampleFilings();
    expect(keyFacts(eightK!)).toEqual([
      { label: 'Item 5.02', value: 'Director or officer change' },
      { label: 'Item 9.01', value: 'Financial statements and exhibits' },
    ]);
    expect(form4!.details?.kind).toBe('ownership');
    const facts = form4TradeFacts(form4!.details as never);
    expect(facts.map((f) => f.label)).toEqual(['Who', 'Role', 'Transaction', 'Shares', 'Price', 'Value', 'Also reported', '10b5-1 plan']);
  });
});

describe('SMS', () => {
  it('stays in one GSM-7 segment: curly quotes, dashes and dots are replaced, the short link kept', () => {
    const [form4] = sampleFilings();
    const long = { ...form4!, oneLiner: `“Wilson-Thompson” — sold… ${'x'.repeat(200)}`, follows: 'follows the Form 144 of Jan 6' };
    const text = alertSms(long, { brandName: 'Insider Trades', publicUrl: 'https://alerts.example' });
    expect(isOneSegment(text)).toBe(true);
    expect(text).toMatch(/^Insider Trades: TSLA LOW Form 4: "Wilson-Thompson" - sold\.\.\./);
    expect(text.endsWith(' https://alerts.example/f/1')).toBe(true);
    const short = alertSms({ ...form4!, follows: 'follows the Form 144 of Jan 6' }, { brandName: 'Insider Trades', publicUrl: 'https://alerts.example' });
    expect(isOneSegment(short)).toBe(true);
    expect(toGsm7('Café · 10b5‑1')).toBe('Cafe - 10b5?1');
  });
});
