/**
 * The public /latency page in Chromium: the receipts of the last 24 hours and 7 days, the chart,
 * the ten slowest with their reasons, the nightly recall, and the replay notice (this server runs
 * on the offline EDGAR replay, as `npm start` does without EDGAR_USER_AGENT). The page must show
 * exactly the figures GET /api/latency returns.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertRealFilings, realFilings } from '#server/test/real-filings';
import { nyDate, nyInstant, previousBusinessDay } from '#shared/us-calendar';
import { startBrowserHarness } from './harness';

const harness = await startBrowserHarness();
const db = harness.database.db;

/**
 * Real Apple and Tesla filings (SEC submissions JSON) whose receipts are re-timed into the last
 * days (test-only times): each detection layer, a filing EDGAR held overnight, and email/SMS sends.
 * Seconds from acceptance to detection, by layer; the feed listed each one `listed` s after acceptance.
 */
const RECEIPTS: { via: string; lag: number; listed?: number; hoursAgo: number }[] = [
  { via: 'feed', lag: 24.6, listed: 23.9, hoursAgo: 1 },
  { via: 'feed', lag: 27.1, listed: 26.4, hoursAgo: 2 },
  { via: 'feed', lag: 31.8, listed: 30.9, hoursAgo: 3 },
  { via: 'feed', lag: 19.2, listed: 18.5, hoursAgo: 5 },
  { via: 'feed', lag: 58.3, listed: 41.0, hoursAgo: 8 },
  { via: 'feed', lag: 26.0, listed: 25.2, hoursAgo: 30 },
  { via: 'feed', lag: 148.7, listed: 147.9, hoursAgo: 50 },
  { via: 'feed_deep', lag: 44.2, hoursAgo: 11 },
  { via: 'efts', lag: 212.5, hoursAgo: 14 },
  { via: 'daily_index', lag: 6 * 3600 + 240, hoursAgo: 20 },
  { via: 'feed', lag: 33.3, listed: 32.6, hoursAgo: 75 },
  { via: 'feed', lag: 22.8, listed: 22.1, hoursAgo: 100 },
];

async function seed() {
  const apple = realFilings('AAPL', { forms: ['4'] }).slice(0, 8);
  const tesla = realFilings('TSLA', { forms: ['8-K'] }).slice(0, RECEIPTS.length - apple.length);
  const ids = [
    ...(await insertRealFilings(db, apple, { ticker: 'AAPL' })),
    ...(await insertRealFilings(db, tesla, { ticker: 'TSLA' })),
  ];
  for (const [i, id] of ids.entries()) {
    const r = RECEIPTS[i]!;
    await db.execute(sql`update filings set
        detected_at = now() - make_interval(hours => ${r.hoursAgo}),
        accepted_at = now() - make_interval(hours => ${r.hoursAgo}) - make_interval(secs => ${r.lag}),
        feed_listed_after = case when ${r.listed ?? null}::float8 is null then null
          else now() - make_interval(hours => ${r.hoursAgo}) - make_interval(secs => ${r.lag}) + make_interval(secs => ${r.listed ?? 0}) end,
        detected_via = ${r.via},
        stored_at = now() - make_interval(hours => ${r.hoursAgo}) + interval '0.4 seconds'
      where id = ${id}`);
  }
  // A filing accepted at 18:40 ET two business days ago, listed at EDGAR's 06:00 ET release the next
  // business morning (held overnight; EDGAR files and releases on business days only).
  const [held] = await insertRealFilings(db, realFilings('TSLA', { forms: ['4'] }).slice(0, 1), { ticker: 'TSLA' });
  const releaseDay = previousBusinessDay(nyDate(Date.now()));
  const at = (day: string, secondsOfDay: number) => new Date(nyInstant(day, secondsOfDay)).toISOString();
  await db.execute(sql`update filings set
      accepted_at = ${at(previousBusinessDay(releaseDay), 18 * 3600 + 40 * 60 + 12)}::timestamptz,
      detected_at = ${at(releaseDay, 6 * 3600 + 41)}::timestamptz,
      stored_at = ${at(releaseDay, 6 * 3600 + 42)}::timestamptz,
      detected_via = 'feed_deep'
    where id = ${held!}`);
  // Alerts sent 1-3 s after detection, by email and SMS. Email is delivered when the mail server
  // accepts it (the same instant); a text when the carrier's receipt arrives, 4.2 s later here,
  // except one reported undelivered (the full-text sweep's filing) and one still without a receipt.
  const [user] = await db.execute<{ id: string }>(
    sql`insert into users (email) values ('reader@example.com') returning id`,
  );
  await db.execute(sql`
    insert into alerts (user_id, filing_id, channel, status, sent_at, route, provider_status, delivered_at, provider_response)
    select ${user!.id}, f.id, c.channel, 'sent', f.detected_at + make_interval(secs => c.after), 'realtime_' || c.channel,
      case when c.channel = 'email' then 'accepted' when f.detected_via = 'efts' then 'undelivered'
        when f.detected_at < now() - interval '99 hours' then 'sent' else 'delivered' end,
      case when c.channel = 'email' then f.detected_at + make_interval(secs => c.after)
        when f.detected_via = 'efts' or f.detected_at < now() - interval '99 hours' then null
        else f.detected_at + make_interval(secs => c.after + 4.2) end,
      case when c.channel = 'email' then '250 2.0.0 Ok: queued as 3F2A91C0' when f.detected_via = 'efts' then 'ErrorCode 30003' end
    from filings f cross join (values ('email', 1.4), ('sms', 2.1)) c(channel, after)
    where f.detected_via in ('feed', 'feed_deep', 'efts')`);
  await db.execute(sql`insert into edgar_reconciliations (day, source, listed, detected_before, missed, recall)
    values (current_date - 1, 'daily_index', 3012, 3011, '{}', 3011 / 3012.0), (current_date - 1, 'submissions', 41, 41, '{}', 1)`);
}

describe('/latency, the public receipts', () => {
  it('shows the measured figures of GET /api/latency, the chart, the ten slowest with reasons, recall and the replay notice', async () => {
    await seed();
    const api = (await (await fetch(`${harness.url}/api/latency`)).json()) as {
      windows: Record<
        '24h' | '7d',
        {
          filings: number;
          accept_to_detect: { p50_s: number };
          detect_to_delivered: Record<string, { n: number; p50_s: number }>;
          detect_to_sent: Record<string, { n: number; p50_s: number; delivered: number; not_delivered: number }>;
        }
      >;
      worst_7d: { reason: string }[];
      notice: string | null;
    };
    expect(api.windows['7d'].filings).toBe(RECEIPTS.length + 1);
    expect(api.notice).toMatch(/^Replay mode/);

    const page = await harness.newPage({ width: 1280, height: 900 });
    await page.goto(`${harness.url}/latency`);
    await page.getByRole('heading', { level: 1, name: 'How fast we see SEC filings' }).waitFor();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Replay mode: ');

    const day = page.getByRole('region', { name: 'Last 24 hours' });
    const week = page.getByRole('region', { name: 'Last 7 days' });
    await expect
      .poll(() => day.getByRole('row', { name: /Filings detected/ }).textContent())
      .toContain(String(api.windows['24h'].filings));
    expect(await week.getByRole('row', { name: /Filings detected/ }).textContent()).toContain(
      String(api.windows['7d'].filings),
    );
    expect(await week.getByRole('row', { name: /Found by the full-text search sweep/ }).textContent()).toContain('1');
    // Detection -> delivered: email at the mail server's acceptance, SMS at the carrier's receipt; and -> handed to the provider.
    const texts = api.windows['7d'].detect_to_sent.sms!;
    expect([texts.n, texts.delivered, texts.not_delivered]).toEqual([12, 10, 1]);
    expect(api.windows['7d'].detect_to_delivered.sms).toMatchObject({ n: 10, p50_s: 6.3 });
    expect(await week.getByRole('row', { name: /Email \(accepted by the mail server\)/ }).textContent()).toContain(
      '1.4 s',
    );
    expect(await week.getByRole('row', { name: /SMS \(delivered to the phone\)/ }).textContent()).toContain('6.3 s');
    expect(await week.getByRole('row', { name: /^SMS 12/ }).textContent()).toContain('2.1 s');
    expect(await week.getByText(/not when it reached the inbox/).count()).toBe(1);
    expect(await page.getByTestId('sms-receipts-168').textContent()).toBe(
      'Of 12 texts sent: 10 delivered, 1 reported undelivered or failed, 1 without a receipt yet.',
    );

    await expect
      .poll(() => page.getByRole('img', { name: /How many filings were detected within each time/ }).count())
      .toBe(1);
    const slowest = page.locator('section', { has: page.getByRole('heading', { name: 'The ten slowest, and why' }) });
    expect(await slowest.locator('tbody tr').count()).toBe(10);
    const reasons = await slowest.locator('tbody tr td:last-child').allTextContents();
    expect(reasons).toEqual(api.worst_7d.map((w) => w.reason));
    expect(reasons[0]).toMatch(/held it until its 06:00 release/);
    expect(reasons).toContain(
      "Never seen in EDGAR's latest-filings feed or full-text search; found by the nightly check of EDGAR's daily index.",
    );
    expect(reasons).toContain(
      "Not listed in EDGAR's latest-filings feed in time; found by the full-text search sweep.",
    );
    expect(await page.getByRole('row', { name: /3,011 of 3,012/ }).textContent()).toContain('99.97%');

    // The sections (windows, distribution, slowest, recall) are spaced, not stacked edge to edge.
    const gaps = await page
      .locator('.latency-windows, .latency-page section.panel:not(.latency-window)')
      .evaluateAll((boxes) =>
        boxes.slice(1).map((box, i) => box.getBoundingClientRect().top - boxes[i]!.getBoundingClientRect().bottom),
      );
    expect(gaps.length).toBe(3);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(12);
    // ... while the two windows side by side stay level.
    const tops = await page
      .locator('.latency-window')
      .evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().top));
    expect(tops[1]).toBe(tops[0]);
    await harness.screenshot(page, 'latency');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    const phone = await harness.newPage({ width: 390, height: 844 });
    await phone.goto(`${harness.url}/latency`);
    await phone.getByRole('cell', { name: /held it until its 06:00 release/ }).waitFor();
    // Only the ten-slowest table scrolls sideways (inside its own box): the page itself fits the phone.
    const wider = await phone.evaluate(() => ({
      over: document.documentElement.scrollWidth - window.innerWidth,
      culprits: [...document.querySelectorAll('main *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('.table-wrap'))
        .slice(0, 6)
        .map((e) => `${e.tagName}.${e.className}`),
    }));
    expect(wider).toEqual({ over: 0, culprits: [] });
    await harness.screenshot(phone, 'latency-phone');
    expect(await harness.seriousA11yViolations(phone)).toEqual([]);
  });
});
