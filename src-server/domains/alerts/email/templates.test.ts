/**
 * The email templates rendered with real filings (the replay set: Tesla's Wilson-Thompson Form 4,
 * Acorn Energy's 5.02 8-K, Tesla's 2020 10-K), as the admin preview and delivery render them:
 * snapshots of the HTML and the plain text, plus what must hold in every client (inline styles, no
 * <style> block the Gmail app may drop, the colour-scheme meta, badge colours, buttons, receipt).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFiling, type ParseHints } from '../../../edgar-model/parse';
import type { CurrentReportDetail } from '../../../edgar-model/parse/types';
import { scoreFiling } from '../../../edgar-model/score';
import { edgarFixture, repoDocument } from '../../../test/edgar-fixtures';
import { GOLDEN_DIR } from '../../filings/golden';
import { copyTemplate } from '#shared/message-copy';
import { alertEmail, alertSms, digestEmail, isOneSegment, toGsm7 } from '../alert-messages';
import type { AlertFiling } from './alert-email';
import { form4TradeFacts, keyFacts, officerChangeFacts } from './facts';
import { EMAIL_TEMPLATES, previewTemplate, sampleBurst, sampleFilings } from './templates';
import { BADGE } from './theme';

/** A reader in New York of the brand named. */
const readerContext = (brandName: string, brandColor: string) => ({
  brandName,
  brandColor,
  publicUrl: 'https://alerts.example',
  timeZone: 'America/New_York',
  unsubscribeUrl: 'https://alerts.example/unsubscribe/x',
  postalAddress: null,
});

describe('email templates', () => {
  it('registers every template with its variables for the admin editor', () => {
    expect(EMAIL_TEMPLATES.map((t) => t.id)).toEqual(['alert', 'alert-burst', 'digest', 'brief']);
    for (const t of EMAIL_TEMPLATES) expect(t.variables.map((v) => v.name)).toContain('frame.unsubscribeUrl');
    expect(EMAIL_TEMPLATES.find((t) => t.id === 'alert')!.variables.map((v) => v.name)).toEqual(
      expect.arrayContaining(['receipt', 'rule', 'filing.follows']),
    );
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
    expect(email.subject).toBe(
      'TSLA Form 4 · LOW: Kathleen Wilson-Thompson sold 100,000 shares at an average $411.63 ($41.2M...',
    );
    expect(email.html).toContain(`background-color:${BADGE.LOW}`);
    expect(email.html).toContain('Read the Form 4 on SEC EDGAR');
    expect(email.html).toContain('href="https://alerts.example/ticker/TSLA"');
    expect(email.text).toContain('[LOW] TSLA (Tesla, Inc.) filed a Form 4, Jan 8, 2025, 7:00 PM EST.');
    expect(email.text).toContain('Who: Kathleen Wilson-Thompson\nRole: Director');
    expect(email.text).toContain('Transaction: Open-market sale\nShares: 100,000\nPrice: $411.63 average');
    expect(email.text).toContain('Also reported: Option or RSU exercise/conversion');
    expect(email.text).toContain('10b5-1 plan: Yes');
    expect(email.text).toMatch(
      /Receipt: accepted by SEC Jan 8 7:00:05 PM EST → detected 7:00:14 PM EST \(9\.0 s later, via the latest-filings feed\) → sent 7:00:16 PM EST/,
    );
    // The sample Form 4 (a 10b5-1 plan sale) scores LOW: it was emailed under a LOW threshold, so the line says so.
    expect(email.text).toContain('Routing: Email at once: your email alerts are set to LOW and up.');
  });

  it('names every filing of a burst in one alert', async () => {
    const email = (await previewTemplate('alert-burst'))!;
    expect(email.subject).toMatch(/^TSLA: 3 filings within minutes · HIGH: Elon Musk sold/);
    expect(email.text).toContain('[HIGH] TSLA (Tesla, Inc.) filed 3 documents within minutes');
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
    // Acorn Energy's 5.02 (January 2025): the person officer-change.test.ts reads from it, with the role beside the name.
    expect(keyFacts(eightK!)).toEqual([
      { label: 'Item 5.02', value: 'Directors, officers and pay' },
      { label: 'Item 9.01', value: 'Financial statements and exhibits' },
      { label: 'Pay', value: 'Jan H. Loeb, President and CEO' },
    ]);
    expect(form4!.details?.kind).toBe('ownership');
    const facts = form4TradeFacts(form4!.details as never);
    expect(facts.map((f) => f.label)).toEqual([
      'Who',
      'Role',
      'Transaction',
      'Shares',
      'Price',
      'Value',
      'Also reported',
      '10b5-1 plan',
    ]);
  });
});

describe('digest and brief copy', () => {
  const ctx = {
    brandName: '8-K Alerts',
    brandColor: '#1d4ed8',
    publicUrl: 'https://alerts.example',
    timeZone: 'America/New_York',
    unsubscribeUrl: 'https://alerts.example/unsubscribe/x',
    postalAddress: null,
    localDate: '2025-01-09',
  };
  it.each(['digest', 'brief'] as const)(
    'the %s code defaults, filled, send byte for byte what the code path sends (a revert changes nothing)',
    async (kind) => {
      const defaults = copyTemplate(`${kind}-email`)!.defaults;
      const code = await digestEmail('reader@example.com', sampleFilings(), { ...ctx, kind });
      const filled = await digestEmail('reader@example.com', sampleFilings(), { ...ctx, kind, copy: defaults });
      expect(filled).toEqual(code);
    },
  );
  it('an edited subject and heading fill their variables', async () => {
    const copy = { subject: '{{count}} for {{tickers}} on {{date}}', title: '{{brand}}: {{filings}}' };
    const mail = await digestEmail('reader@example.com', sampleFilings(), { ...ctx, kind: 'digest', copy });
    expect(mail.subject).toBe('3 for ACFN, TSLA on Thursday, January 9, 2025');
    expect(mail.text.split('\n')[0]).toBe('8-K Alerts: 3 filings.');
    expect(mail.html).toMatch(/<h1[^>]*>8-K Alerts: 3 filings<\/h1>/);
  });
});

describe('8-K Item 5.02: the people in the alert', () => {
  /** A real 8-K of the fixtures, parsed and scored as ingest does it, as an alert carries it. */
  function eightK(name: string, hints: ParseHints): AlertFiling {
    const parsed = parseFiling(edgarFixture(name), hints);
    const score = scoreFiling(parsed);
    return {
      filingId: 7,
      ticker: null,
      companyName: parsed.company?.name ?? null,
      formType: parsed.formType,
      importance: score.importance,
      reasons: score.reasons,
      oneLiner: score.oneLiner,
      summary: score.summaryText,
      link: null,
      filedAt: new Date(parsed.acceptedAt ?? `${parsed.filedDate ?? '2023-03-01'}T21:00:00Z`),
      items: parsed.detail?.kind === 'current' ? parsed.detail.items.map((i) => i.number) : null,
      details: parsed.detail,
    };
  }
  it('a filing known only by its date says its date, not a midnight turned into "4:00 AM UTC" (Apple 10-Q, Aug 2, 2017)', async () => {
    const parsed = parseFiling(
      repoDocument('src-server/integrations/edgar/replay-data/filings/10-Q_header_aapl_2017.txt'),
      {},
    );
    const score = scoreFiling(parsed);
    const filing = {
      filingId: 8,
      ticker: 'AAPL',
      companyName: parsed.company?.displayName ?? null,
      formType: parsed.formType,
      importance: score.importance,
      reasons: score.reasons,
      oneLiner: score.oneLiner,
      link: null,
      // As stored without an acceptance time: the filed date at midnight in New York.
      filedAt: new Date('2017-08-02T04:00:00Z'),
      items: null,
      details: parsed.detail,
    };
    const ctx = {
      brandName: 'SEC Filings Pro',
      brandColor: '#6d28d9',
      publicUrl: 'https://alerts.example',
      timeZone: 'UTC',
      unsubscribeUrl: 'https://alerts.example/unsubscribe/x',
      postalAddress: null,
    };
    const routing = { route: 'realtime_email', settings: { emailMinRank: 1, smsMinRank: 4 } } as const;
    for (const timeZone of ['UTC', 'America/Los_Angeles']) {
      const mail = await alertEmail('reader@example.com', filing, { ...ctx, timeZone }, { routing });
      expect(mail.text.split('\n')[0]).toMatch(/, Aug 2, 2017\.$/);
      // \b: the receipt line prints the clock at send time ("8:34:00 AM" held "4:00 AM").
      expect(mail.text).not.toMatch(/\b4:00 AM|Aug 1, 2017/);
    }
    // With its acceptance time the time is printed, in the reader's zone.
    const timed = await alertEmail(
      'reader@example.com',
      { ...filing, filedAt: new Date('2017-08-02T20:31:00Z'), acceptedAt: new Date('2017-08-02T20:31:00Z') },
      ctx,
      { routing },
    );
    expect(timed.text.split('\n')[0]).toMatch(/, Aug 2, 2017, 8:31 PM UTC\.$/);
  });

  const golden = (name: string) =>
    JSON.parse(readFileSync(join(GOLDEN_DIR, `${name}.json`), 'utf8')) as {
      hints: ParseHints;
      facts: { items: string[] };
    };

  it("names who leaves and who is appointed, with the role printed beside each (AFC Gamma's CFO handover, March 2023)", async () => {
    const { hints, facts } = golden('et_afcgamma_8k.html');
    const filing = eightK('corpus/et_afcgamma_8k.html', hints);
    expect(keyFacts(filing)).toEqual([
      ...facts.items.map((n) => ({ label: `Item ${n}`, value: expect.any(String) })),
      { label: 'Leaving', value: 'Brett Kaufman, Chief Financial Officer and Treasurer' },
      { label: 'Appointed', value: 'Brandon Hetzel, Chief Financial Officer and Treasurer' },
    ]);
    const ctx = readerContext('8-K Alerts', '#1d4ed8');
    const mail = await alertEmail('reader@example.com', filing, ctx, {
      routing: { route: 'realtime_email', settings: { emailMinRank: 3, smsMinRank: 4 } },
    });
    expect(mail.text).toContain('Item 5.02: Directors, officers and pay');
    expect(mail.text).toContain(
      'Leaving: Brett Kaufman, Chief Financial Officer and Treasurer\nAppointed: Brandon Hetzel, Chief Financial Officer and Treasurer',
    );
    expect(mail.html).toMatch(/Leaving<\/td><td[^>]*>Brett Kaufman, Chief Financial Officer and Treasurer</);
    // "What happened" as on the card: the item's own first words, marked as the filing's, clipped for an email.
    expect(filing.summary).toMatch(/^Item 5\.02, as filed: “/);
    expect(mail.text).toMatch(/\nFrom the filing, Item 5\.02: “.{60,420}”\n/);
    expect(mail.html).toContain('From the filing, Item 5.02');
    // A summary that is not the filing's words (a Form 4's, a 10-Q's) adds no quote.
    const plain = await alertEmail('reader@example.com', { ...filing, summary: 'A quarterly report.' }, ctx, {
      routing: { route: 'realtime_email', settings: { emailMinRank: 3, smsMinRank: 4 } },
    });
    expect(plain.text).not.toContain('From the filing');
  });

  it("a director's resignation (Meta, December 2025); a 5.02 stored before people were read shows its items only", () => {
    const { hints } = golden('0001628280-25-058337.txt');
    const meta = eightK('0001628280-25-058337.txt', hints);
    expect(keyFacts(meta).slice(1)).toEqual([{ label: 'Leaving', value: 'Dina Powell McCormick, Director' }]);
    const before = { ...meta, details: { ...(meta.details as CurrentReportDetail), people: undefined } };
    expect(keyFacts(before)).toEqual([{ label: 'Item 5.02', value: 'Directors, officers and pay' }]);
  });

  it('a pay table of many officers names five, then says how many more (JPMorgan Chase, June 2026, and 1895 Bancorp)', () => {
    const people = ['0000019617-26-000241.txt', '0000943374-24-000509_1895bancorp_5.02.txt'].flatMap((name) => {
      const d = eightK(name, golden(name).hints).details as CurrentReportDetail;
      return d.people ?? [];
    });
    expect(people.length).toBe(10);
    const rows = officerChangeFacts(people);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ label: 'Appointed', value: expect.stringMatching(/^Doug Petno/) });
    expect(rows[5]).toEqual({ label: 'Also named', value: '5 more people in Item 5.02' });
  });
});

describe('a caveat is a note, not a reason for the level', () => {
  it("CRITICAL: Musk's 2018 open-market purchase lists its reasons; 'too little trading history' follows apart, and not in the SMS", async () => {
    // The real Form 4, scored as ingest scores it with no stored history for the insider.
    const parsed = parseFiling(
      repoDocument('src-server/test/fixtures/edgar/corpus/f4x_0001494730-18-000005_tsla_musk_P_ceo.xml'),
      {
        formType: '4',
        filedDate: '2018-06-13',
      },
    );
    const score = scoreFiling(parsed);
    expect(score.importance).toBe('CRITICAL');
    expect(score.rules).toContain('form4.pattern.unknown');
    const filing: AlertFiling = {
      filingId: 9,
      ticker: 'TSLA',
      companyName: 'Tesla, Inc.',
      formType: parsed.formType,
      importance: score.importance,
      reasons: score.reasons,
      oneLiner: score.oneLiner,
      link: null,
      filedAt: new Date('2018-06-13T04:00:00Z'),
      details: parsed.detail,
    };
    const ctx = readerContext('Insider Trades Alerts', '#047857');
    const mail = await alertEmail('reader@example.com', filing, ctx, {
      routing: { route: 'realtime_email', settings: { emailMinRank: 3, smsMinRank: 4 } },
    });
    const caveat =
      'Too little trading history to tell routine from opportunistic (no earlier trades stored; three prior years needed)';
    const why = mail.text.slice(mail.text.indexOf('Why it matters:'));
    const reasonLines = why.split('\n\n')[0]!.split('\n').slice(1);
    expect(reasonLines.length).toBeGreaterThan(0);
    expect(reasonLines.every((l) => l.startsWith('- ') && !l.includes('Too little'))).toBe(true);
    expect(why.split('\n\n')[1]).toBe(`Note: ${caveat}.`);
    const list = /Why it matters<\/p><ul[^>]*>(.*?)<\/ul>/.exec(mail.html ?? '')?.[1] ?? '';
    expect(list).toContain('<li>');
    expect(list).not.toContain('Too little');
    expect(mail.html).toMatch(new RegExp(`</ul><p[^>]*>Note: ${caveat.replace(/[()]/g, '\\$&')}.</p>`));
    const sms = alertSms(filing, { brandName: 'Insider Trades', publicUrl: 'https://alerts.example' });
    expect(sms).toMatch(/^Insider Trades: TSLA CRITICAL Form 4: Elon Musk bought/);
    expect(sms).not.toMatch(/history|routine/i);
  });
});

describe('SMS', () => {
  it('stays in one GSM-7 segment: curly quotes, dashes and dots are replaced, the short link kept', () => {
    const [form4] = sampleFilings();
    const long = {
      ...form4!,
      oneLiner: `“Wilson-Thompson” — sold… ${'x'.repeat(200)}`,
      follows: 'follows the Form 144 of Jan 6',
    };
    const text = alertSms(long, { brandName: 'Insider Trades', publicUrl: 'https://alerts.example' });
    expect(isOneSegment(text)).toBe(true);
    expect(text).toMatch(/^Insider Trades: TSLA LOW Form 4: "Wilson-Thompson" - sold\.\.\./);
    expect(text.endsWith(' https://alerts.example/f/1')).toBe(true);
    const short = alertSms(
      { ...form4!, follows: 'follows the Form 144 of Jan 6' },
      { brandName: 'Insider Trades', publicUrl: 'https://alerts.example' },
    );
    expect(isOneSegment(short)).toBe(true);
    expect(toGsm7('Café · 10b5‑1')).toBe('Cafe - 10b5?1');
  });
});

describe('burst alert copy', () => {
  const ctx = readerContext('8-K Alerts', '#1d4ed8');
  const routing = { route: 'realtime_email', settings: { emailMinRank: 3, smsMinRank: 4 } };
  const sentAt = new Date('2022-11-09T22:00:00Z');
  it('the code defaults, filled, send byte for byte what the code path sends (a revert changes nothing)', async () => {
    const { filing, burst } = sampleBurst();
    const code = await alertEmail('reader@example.com', filing, ctx, { routing, burst, sentAt });
    const filled = await alertEmail('reader@example.com', filing, ctx, {
      routing,
      burst,
      sentAt,
      copy: copyTemplate('burst-email')!.defaults,
    });
    expect(filled).toEqual(code);
  });
  it('an edited subject and opening line fill {{count}} with the filings the email names', async () => {
    const { filing, burst } = sampleBurst();
    const copy = { subject: '{{ticker}} x{{count}} ({{importance}})', intro: '{{count}} new {{company}} filings' };
    const mail = await alertEmail('reader@example.com', filing, ctx, { routing, burst, sentAt, copy });
    expect(mail.subject).toBe('TSLA x3 (HIGH)');
    expect(mail.text.split('\n')[0]).toMatch(/^\[HIGH\] 3 new Tesla, Inc\. filings, /);
  });
});
