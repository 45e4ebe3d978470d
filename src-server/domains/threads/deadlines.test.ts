/**
 * Deadline watch in real PostgreSQL over real SMTP: Apple (large accelerated, fiscal year ending
 * in September) last filed the 10-Q for the quarter ended 2023-07-01 (SEC's submissions JSON), so
 * its 10-K for September 2023 was due 60 days on; with no 10-K stored it is overdue, and a PRO
 * watcher of 10-Ks is told once. A stored 10-K for that period closes it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsDeps, captureErrors, follow, seedTickers } from '../../test/alerts';
import { createTestDatabase } from '../../test/db';
import { startSmtpPeer } from '../../test/peers/smtp';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import { companyDeadlines } from './deadlines.repo';
import { watchDeadlines } from './deadlines.service';

const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer();
const deps = alertsDeps(database, smtp.env);
const errors = captureErrors(deps);

beforeAll(async () => {
  await seedTickers(db);
  // The profile the backfill stores from Apple's submissions JSON (category, fiscalYearEnd).
  await db.execute(
    sql`insert into companies (cik, name, filer_category, fiscal_year_end) values (320193, 'Apple Inc.', 'Large accelerated filer', '0930')`,
  );
});
afterAll(async () => {
  await smtp.close();
  expect(errors).toEqual([]);
});

describe('missing reports', () => {
  it('a new watcher is not told of a report due before anyone watched the company (no "10-Q overdue: due 2020-05-11")', async () => {
    // Apple's stored 10-Q (real) is for the quarter ended 2023-07-01 and the watcher subscribes today: the next
    // report's due date (2023-11-29) is before the watch began, so no deadline is opened and nobody is told.
    const tenQ = realFilings('AAPL', { forms: ['10-Q'] }).find((f) => f.accessionNo === '0000320193-23-000077')!;
    await insertRealFilings(db, [tenQ], { ticker: 'AAPL', importance: 'MEDIUM' });
    const { user } = await createSignedInUser(db, {
      email: 'newcomer@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-K', '10-Q'] });
    await watchDeadlines(deps, { now: new Date() });
    expect(await companyDeadlines(db, { cik: 320193 })).toEqual([]);
    expect(smtp.to('newcomer@example.com')).toHaveLength(0);
    await db.execute(sql`delete from watchlist_items where user_id = ${user.id}`);
    deps.deadlineRefresh.at = 0; // the next test's clock is in 2023
  });

  it('knows the next 10-K is due, marks it overdue the morning after, and tells 10-K watchers once', async () => {
    // Apple's 10-Q for the quarter ended 2023-07-01 is stored by the test above.
    const { user } = await createSignedInUser(db, {
      email: 'holder@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-K', '10-Q'] });
    // Watched since before the 10-K was due (the app only judges periods it has watched).
    await db.execute(sql`update watchlist_items set created_at = '2023-10-02T14:00:00Z' where user_id = ${user.id}`);
    const bystander = await createSignedInUser(db, {
      email: 'eightk@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    await follow(db, { userId: bystander.user.id, ticker: 'AAPL', forms: ['8-K'] });

    // Before the morning after the due date (2023-11-29, 60 days after 2023-09-30): open.
    await watchDeadlines(deps, { now: new Date('2023-11-30T11:00:00Z') }); // 06:00 New York
    expect(await companyDeadlines(db, { cik: 320193 })).toEqual([
      {
        id: expect.any(Number),
        form: '10-K',
        period_end: '2023-09-30',
        due_on: '2023-11-29',
        status: 'open',
        notice_filing_id: null,
      },
    ]);
    expect(smtp.to('holder@example.com')).toHaveLength(0);

    // 07:00 New York the day after: overdue, one email to the 10-K watcher only.
    await watchDeadlines(deps, { now: new Date('2023-11-30T12:05:00Z') });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('holder@example.com'));
    expect(mail.subject).toBe('AAPL 10-K overdue: due 2023-11-29, not filed');
    expect(mail.text).toContain(
      'Apple Inc. (AAPL) has not filed its 10-K for the period ended 2023-09-30. It was due 2023-11-29.',
    );
    expect((await companyDeadlines(db, { cik: 320193 }))[0]!.status).toBe('overdue');
    await watchDeadlines(deps, { now: new Date('2023-11-30T13:00:00Z') });
    expect(smtp.to('holder@example.com')).toHaveLength(1);
    expect(smtp.to('eightk@example.com')).toHaveLength(0);

    // The report arrives (DERIVED: Apple's real 2022 10-K with its period moved to 2023-09-30): closed.
    const tenK = realFilings('AAPL', { forms: ['10-K'] })[0]!;
    await insertRealFilings(db, [{ ...tenK, periodOfReport: '2023-09-30' }], { ticker: 'AAPL', importance: 'MEDIUM' });
    await watchDeadlines(deps, { now: new Date('2023-12-01T12:00:00Z') });
    const closed = await db.execute<{ status: string }>(
      sql`select status from report_deadlines where cik = 320193 and form = '10-K'`,
    );
    expect(closed.map((r) => r.status)).toEqual(['filed']);
  });
});
