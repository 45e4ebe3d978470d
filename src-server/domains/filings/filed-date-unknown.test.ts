/**
 * A 10-K known only by its period end (Meta's FY2023 10-K: the replay's bare document has no SEC
 * header and its manifest records no filing date) must not show that period end as its filing date
 * in alert emails, texts, webhooks, the REST payloads or the watchlist. Real PostgreSQL, real
 * recorded filings: Meta's FY2023 and FY2024 10-Ks (the FY2024 one has its filing date, 2025-01-30).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FILED_DATE_NOT_RECORDED, FILED_DATE_NOT_RECORDED_INLINE } from '#shared/filed-date';
import { adminApi, createAdminBearer } from '../../test/admin';
import { startTestApp } from '../../test/app';
import { storeReplayFilings } from '../../test/replay-filings';
import { createSignedInUser } from '../../test/users';
import { alertEmail, alertSms, digestEmail, digestSms } from '../alerts/alert-messages';
import { FILING_FIELDS, filingFacts, type FilingFields } from '../alerts/delivery.repo';
import { webhookEventOf } from '../alerts/webhook-event';
import { latestFilings, whyLevel } from '../assistant/tools';
import type { ChatClient, ChatMessage } from '../../integrations/llm/chat-client';
import { loadShippedHistory } from '../prices/shipped-history';
import { analyseFiling } from './analysis.service';
import type { TickerChart } from '../ticker-pages/chart.service';
import { tickerPageMeta } from '../ticker-pages/public-page.service';
import type { TickerPageData } from '../ticker-pages/ticker-pages.service';

const FY2023 = '0001326801-24-000012';
const FY2024 = '0001326801-25-000017';
/**
 * Meta's FY2023 period end as messages print a filed date ("Dec 31, 2023"; the New York day of its
 * stored instant). The facts table's "Period ended: 2023-12-31" is right and stays.
 */
const PERIOD_END_WORDS = /Dec 3[01], 2023/;

const { url, deps } = await startTestApp();
const db = deps.db;
await db.execute(
  sql`insert into tickers (ticker, cik, name) values ('META', 1326801, 'Meta Platforms, Inc.') on conflict do nothing`,
);
await loadShippedHistory(db, { tickers: ['META'] });

async function get<T>(path: string, session?: string): Promise<T> {
  const response = await fetch(`${url}${path}`, { headers: session ? { 'x-session': session } : {} });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function factsOf(accessionNo: string) {
  const [row] = await db.execute<FilingFields>(
    sql`select ${FILING_FIELDS} from filings f where f.accession_no = ${accessionNo}`,
  );
  return filingFacts(row!);
}

const ctx = {
  brandName: 'Filing Alerts',
  brandColor: '#1d4ed8',
  publicUrl: 'https://alerts.example',
  timeZone: 'America/New_York',
  unsubscribeUrl: 'https://alerts.example/unsubscribe/x',
  postalAddress: null,
};

interface WatchlistBody {
  watchlist: {
    ticker: string;
    last_filing_date: string | null;
    last_filing_date_unknown: boolean;
    recent_filings: { accession_no: string; filed_at: string; filed_date_unknown: boolean }[];
  }[];
}

describe("Meta's FY2023 10-K, whose filing date is not recorded", () => {
  it('the watchlist says its latest filing has no recorded date, then the FY2024 10-K its real one', async () => {
    await storeReplayFilings(db, [FY2023]);
    const { session } = await createSignedInUser(db, {
      email: 'dates@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    const subscribed = await fetch(`${url}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': session },
      body: JSON.stringify({ tickers: 'META', forms: '10-K' }),
    });
    expect(subscribed.status).toBe(200);

    const before = (await get<WatchlistBody>('/api/watchlist', session)).watchlist.find((i) => i.ticker === 'META')!;
    // last_filing_date stays (SPEC.md's field, it orders); the added flag says it is not a filing date.
    expect(before.last_filing_date_unknown).toBe(true);
    expect(before.recent_filings.map((f) => [f.accession_no, f.filed_date_unknown])).toEqual([[FY2023, true]]);
    // The public page's link preview names its latest filing's day.
    const preview = await tickerPageMeta(db, {
      index: await deps.tickers.get(),
      ticker: 'META',
      brandName: 'Filing Alerts',
    });
    expect(preview?.description).toMatch(/ Latest, filing date not recorded: Meta Platforms, Inc\. annual report /);

    await storeReplayFilings(db, [FY2024]);
    const after = (await get<WatchlistBody>('/api/watchlist', session)).watchlist.find((i) => i.ticker === 'META')!;
    expect(after.last_filing_date).toBe('2025-01-30T05:00:00.000Z');
    expect(after.last_filing_date_unknown).toBe(false);
    expect(after.recent_filings.map((f) => [f.accession_no, f.filed_date_unknown])).toEqual([
      [FY2024, false],
      [FY2023, true],
    ]);
  });

  it('the REST ticker page and chart flag it, still ordered by its period end', async () => {
    const page = await get<TickerPageData>('/api/ticker/META');
    expect(page.filings.items.map((f) => [f.accession_no, f.filed_at, f.filed_date_unknown])).toEqual([
      [FY2024, '2025-01-30T05:00:00.000Z', false],
      [FY2023, '2023-12-31T05:00:00.000Z', true],
    ]);
    const chart = await get<TickerChart>('/api/ticker/META/chart?range=MAX');
    const markers = new Map(chart.markers.map((m) => [m.form === '10-K' && m.day < '2024-06-01', m]));
    expect(markers.get(true)?.filed_date_unknown).toBe(true);
    expect(markers.get(false)?.filed_date_unknown).toBe(false);
  });

  it("the admin console's search and detail carry the flag beside filedAt", async () => {
    const { bearer } = await createAdminBearer(db);
    const found = await adminApi(url, '/admin/filings/search', { bearer, query: { ticker: 'META' } });
    expect(
      found.body.items.map((f: { accessionNo: string; filedDateUnknown: boolean }) => [
        f.accessionNo,
        f.filedDateUnknown,
      ]),
    ).toEqual([
      [FY2024, false],
      [FY2023, true],
    ]);
    const id = found.body.items[1].id as number;
    const detail = await adminApi(url, '/admin/filings/get', { bearer, query: { id: String(id) } });
    expect(detail.body).toMatchObject({
      filedDateUnknown: true,
      filedDate: null,
      datesFrom: 'the period the document reports on (filing date unknown)',
    });
  });

  it('alert email (HTML and text), texts and webhook give no period end as its filing date', async () => {
    const f = await factsOf(FY2023);
    const mail = await alertEmail('reader@example.com', f, ctx, {
      routing: { route: 'realtime_email', settings: { emailMinRank: 3, smsMinRank: 4 } },
    });
    const firstLine = mail.text.split('\n')[0]!;
    expect(firstLine).toMatch(/^\[\w+\] META \(Meta Platforms, Inc\.\) filed a 10-K, filing date not recorded\.$/);
    expect(mail.html).toContain(FILED_DATE_NOT_RECORDED_INLINE);
    for (const text of [mail.text, mail.html, mail.subject]) expect(text).not.toMatch(PERIOD_END_WORDS);
    expect(alertSms(f, ctx)).not.toMatch(PERIOD_END_WORDS);

    const known = await factsOf(FY2024);
    const digest = await digestEmail('reader@example.com', [f, known], { ...ctx, localDate: '2025-01-31' });
    expect(digest.text).toContain(`10-K ${FILED_DATE_NOT_RECORDED_INLINE} · `);
    expect(digest.text).toContain('10-K filed Jan 30, 2025 · ');
    expect(digest.html).toContain(FILED_DATE_NOT_RECORDED_INLINE);
    for (const text of [digest.text, digest.html]) expect(text).not.toMatch(PERIOD_END_WORDS);
    const sms = digestSms([f, known], { ...ctx, localDate: '2025-01-31' });
    expect(sms).toContain(`${FILED_DATE_NOT_RECORDED_INLINE}:`);
    expect(sms).toContain('filed Jan 30, 2025:');
    expect(sms).not.toMatch(PERIOD_END_WORDS);

    const event = webhookEventOf([f, known], { key: 'alert:1', brand: 'Filing Alerts', publicUrl: ctx.publicUrl });
    expect(event.filings.map((w) => w.filedDateUnknown)).toEqual([true, false]);
  });

  it("the assistant's tier-0 lines and facts give no filed day for it, and its citation source says why", async () => {
    const scope = { ciks: [1326801], labels: ['META'], from: null, to: null, until: new Date() };
    const listed = await latestFilings(db, scope, { forms: ['10-K'], items: [], levels: [] });
    expect(listed.lines.slice(1).map((l) => l.replace(/: .*/, ''))).toEqual([
      '2025-01-30 · META · 10-K · MEDIUM',
      `${FILED_DATE_NOT_RECORDED_INLINE} · META · 10-K · MEDIUM`,
    ]);
    const filed = listed.facts.filter((f) => f.label === 'META 10-K filed');
    expect(filed.map((f) => [f.source.accessionNo, f.value, f.unit, f.source.filedDateUnknown])).toEqual([
      [FY2024, '2025-01-30', 'date', undefined],
      [FY2023, FILED_DATE_NOT_RECORDED, null, true],
    ]);
    const why = await whyLevel(db, scope, { forms: ['10-K'], items: [], levels: [] });
    expect(why.lines[1]).toMatch(new RegExp(`^META's 10-K \\(${FILED_DATE_NOT_RECORDED_INLINE}\\) is MEDIUM because`));
    for (const line of [...listed.lines, ...why.lines]) expect(line).not.toMatch(/2023-12-31 · |of 2023-12-31/);
  });

  it('the AI analysis is not told the period end is its filing time', async () => {
    // A loopback stand-in for the language model: it records the prompt and answers one plain sentence.
    const prompts: ChatMessage[][] = [];
    const llm = {
      model: 'recorder',
      complete: async (messages: ChatMessage[]) => {
        prompts.push(messages);
        return 'Meta filed its annual report.';
      },
      chat: async () => {
        throw new Error('not used');
      },
    } satisfies ChatClient;
    const [row] = await db.execute<{ id: number }>(
      sql`select id::float8 as id from filings where accession_no = ${FY2023}`,
    );
    await analyseFiling(db, { llm, filingId: row!.id });
    const facts = prompts[0]!.find((m) => m.role === 'user')!.content;
    expect(facts).toContain(`Filed: ${FILED_DATE_NOT_RECORDED}\n`);
    expect(facts).not.toContain('Filed: 2023-12-31');
  });
});
