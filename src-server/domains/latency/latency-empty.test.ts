/**
 * /latency with nothing live (issue #28 item 4): the distribution is all zeros (not one per
 * bucket), and development-outbox sends of replayed (old) filings count as deliveries, named so.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { latencyReport } from './latency.service';

const { db } = await createTestDatabase();

describe('latency receipts without live data', () => {
  it('an empty store gives an empty distribution', async () => {
    const report = await latencyReport(db, { mode: 'replay' });
    expect(report.histogram_7d).toHaveLength(13);
    expect(report.histogram_7d.every((b) => b.count === 0)).toBe(true);
    expect(report.windows['24h'].detect_to_delivered).toEqual({});
  });

  it('outbox sends of a replayed filing are deliveries, reported as the development outbox', async () => {
    // A real Apple Form 4 as the replay feed releases it: detected now, accepted years ago.
    const [id] = await insertRealFilings(db, realFilings('AAPL', { forms: ['4'] }).slice(0, 1), { ticker: 'AAPL' });
    // One instant for every statement: each reading now() on its own added the time between them
    // (2.1 s instead of 2 on a loaded CI machine).
    const detected = new Date(Date.now() - 10 * 60_000).toISOString();
    await db.execute(
      sql`update filings set detected_via = 'feed', detected_at = ${detected}::timestamptz where id = ${id!}`,
    );
    const [user] = await db.execute<{ id: string }>(
      sql`insert into users (email) values ('dev@example.com') returning id`,
    );
    await db.execute(sql`
      insert into alerts (user_id, filing_id, channel, status, sent_at, delivered_at, provider_message_id, provider_status, route)
      values (${user!.id}, ${id!}, 'email', 'sent', ${detected}::timestamptz + interval '2 seconds',
        ${detected}::timestamptz + interval '2 seconds', 'outbox-7', 'accepted', 'realtime_email'),
        (${user!.id}, ${id!}, 'sms', 'sent', ${detected}::timestamptz + interval '3 seconds', null, 'SMoutbox8', null, 'realtime_sms')`);
    const report = await latencyReport(db, { mode: 'replay' });
    const day = report.windows['24h'];
    expect(day.detect_to_delivered).toEqual({ email_outbox: { n: 1, p50_s: 2, p95_s: 2 } });
    expect(Object.keys(day.detect_to_sent).sort()).toEqual(['email_outbox', 'sms_outbox']);
    // Acceptance -> detection is not measured for a years-old acceptance: still no bars.
    expect(report.histogram_7d.every((b) => b.count === 0)).toBe(true);
    expect(day.filings).toBe(0);
  });
});
