/**
 * /admin/ai-feedback over REST and tRPC: a PRO user's thumbs down on an AI analysis of Apple's real
 * 8-K (given through the user's own procedure) and a thumbs up on an assistant answer citing it,
 * listed together with the rated text, the filing and the comment; filters; marking reviewed is
 * audited, shows in the list and its filter, and is refused to everyone but an admin.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminApi, createAdminBearer } from '../../test/admin';
import { startTestApp } from '../../test/app';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';
import { saveAnalysis } from '../filings/filings.repo';

const { url, deps } = await startTestApp();
const db = deps.db;
const admin = await createAdminBearer(db);
const pro = await createSignedInUser(db, { email: 'reader@example.com', planType: 'pro', planStatus: 'active' });
const [eightK] = realFilings('AAPL', { forms: ['8-K'] });
const [filingId] = await insertRealFilings(db, [eightK!], { ticker: 'AAPL', importance: 'HIGH' });
const [filing] = await db.execute<{ accession_no: string }>(
  sql`select accession_no from filings where id = ${filingId!}`,
);

const ANALYSIS = 'Apple filed an 8-K; the text below is the cached analysis the reader rated.';
await saveAnalysis(db, { filingId: filingId!, model: 'peer-model', summary: ANALYSIS, latencyMs: 10 });
const trpc = createTRPCClient<AppRouter>({
  links: [httpLink({ url: `${url}/trpc`, headers: { 'x-session': pro.session } })],
});
await trpc.tickerPages.analysisFeedback.mutate({
  filingId: filingId!,
  vote: 'down',
  comment: 'It does not say which item the 8-K reports.',
});

// An assistant answer citing the same filing, and the reader's thumbs up (seeded as the assistant stores them).
const [conversation] = await db.execute<{ id: string }>(
  sql`insert into assistant_conversations (user_id) values (${pro.user.id}) returning id`,
);
const [message] = await db.execute<{ id: number }>(sql`
  insert into assistant_messages (conversation_id, user_id, question, answer, tier, intent)
  values (${conversation!.id}, ${pro.user.id}, 'What did Apple file last?',
    ${JSON.stringify({ text: `Apple's latest 8-K [[acc:${filing!.accession_no}]].`, citations: [filing!.accession_no] })}::jsonb, 1, 'latest')
  returning id::float8 as id`);
await db.execute(
  sql`insert into assistant_feedback (message_id, user_id, vote, comment) values (${message!.id}, ${pro.user.id}, 1, 'Quick and right.')`,
);

describe('/admin/ai-feedback', () => {
  it('lists both kinds with the text, the filing, the user and the comment, and filters on the server', async () => {
    const all = await adminApi(url, '/admin/feedback/list', { bearer: admin.bearer });
    expect(all.status).toBe(200);
    expect(all.body.items.map((i: { key: string }) => i.key).sort()).toEqual(
      [`analysis:${await analysisId()}`, `assistant:${message!.id}`].sort(),
    );
    const down = all.body.items.find((i: { kind: string }) => i.kind === 'analysis');
    expect(down).toMatchObject({
      vote: 'down',
      comment: 'It does not say which item the 8-K reports.',
      text: ANALYSIS,
      model: 'peer-model',
      user: 'reader@example.com',
      reviewedAt: null,
      filing: { id: filingId, ticker: 'AAPL', form: '8-K', accessionNo: filing!.accession_no },
    });
    const up = all.body.items.find((i: { kind: string }) => i.kind === 'assistant');
    expect(up).toMatchObject({
      vote: 'up',
      question: 'What did Apple file last?',
      comment: 'Quick and right.',
      filing: { ticker: 'AAPL' },
    });

    const onlyDown = await adminApi(url, '/admin/feedback/list', { bearer: admin.bearer, query: { vote: 'down' } });
    expect(onlyDown.body.items.map((i: { kind: string }) => i.kind)).toEqual(['analysis']);
    const words = await adminApi(url, '/admin/feedback/list', { bearer: admin.bearer, query: { q: 'quick' } });
    expect(words.body.items.map((i: { kind: string }) => i.kind)).toEqual(['assistant']);
    const other = await adminApi(url, '/admin/feedback/list', { bearer: admin.bearer, query: { ticker: 'TSLA' } });
    expect(other.body.items).toEqual([]);
    // Keyset paging: one a page, the second page has the other one and no further cursor.
    const first = await adminApi(url, '/admin/feedback/list', { bearer: admin.bearer, query: { limit: '1' } });
    const second = await adminApi(url, '/admin/feedback/list', {
      bearer: admin.bearer,
      query: { limit: '1', cursor: first.body.nextCursor },
    });
    expect(second.body.nextCursor).toBeNull();
    expect(new Set([first.body.items[0].key, second.body.items[0].key]).size).toBe(2);
    expect(
      (await adminApi(url, '/admin/feedback/list', { bearer: admin.bearer, query: { cursor: 'junk' } })).status,
    ).toBe(400);
  });

  it('marks one reviewed: audited with before/after, shown in the list and its filter', async () => {
    const id = await analysisId();
    const marked = await adminApi(url, '/admin/feedback/mark-reviewed', {
      bearer: admin.bearer,
      body: { kind: 'analysis', id, reason: 'read it' },
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ kind: 'analysis', id });
    expect(marked.body.reviewedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [audit] = await db.execute<{
      admin_user_id: string;
      target_type: string;
      target_id: string;
      before: unknown;
      after: unknown;
      reason: string;
    }>(sql`
      select admin_user_id, target_type, target_id, before, after, reason from admin_audit where action = 'feedback.markReviewed'`);
    expect(audit).toEqual({
      admin_user_id: admin.user.id,
      target_type: 'analysis_feedback',
      target_id: String(id),
      before: { reviewedAt: null },
      after: { reviewedAt: marked.body.reviewedAt },
      reason: 'read it',
    });

    const waiting = await adminApi(url, '/admin/feedback/list', { bearer: admin.bearer, query: { reviewed: 'false' } });
    expect(waiting.body.items.map((i: { kind: string }) => i.kind)).toEqual(['assistant']);
    const done = await adminApi(url, '/admin/feedback/list', { bearer: admin.bearer, query: { reviewed: 'true' } });
    expect(done.body.items[0]).toMatchObject({ key: `analysis:${id}`, reviewedBy: 'admin@example.com' });

    // Not reviewed again, through tRPC with the bearer.
    const adminTrpc = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${url}/trpc`, headers: { authorization: `Bearer ${admin.bearer}` } })],
    });
    expect(await adminTrpc.admin.feedback.markReviewed.mutate({ kind: 'analysis', id, reviewed: false })).toMatchObject(
      { reviewedAt: null },
    );
    expect((await db.execute(sql`select 1 from admin_audit where action = 'feedback.markReviewed'`)).length).toBe(2);
  });

  it('refuses everyone but an admin, an unknown id with 404 and bad input with 400, changing nothing', async () => {
    const id = await analysisId();
    const attempts = [
      { bearer: null, status: 401 },
      { bearer: pro.session, status: 401 },
    ];
    for (const a of attempts) {
      expect((await adminApi(url, '/admin/feedback/list', { bearer: a.bearer })).status).toBe(a.status);
      expect(
        (await adminApi(url, '/admin/feedback/mark-reviewed', { bearer: a.bearer, body: { kind: 'analysis', id } }))
          .status,
      ).toBe(a.status);
    }
    expect(
      (
        await adminApi(url, '/admin/feedback/mark-reviewed', {
          bearer: admin.bearer,
          body: { kind: 'analysis', id },
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await adminApi(url, '/admin/feedback/mark-reviewed', {
          bearer: admin.bearer,
          body: { kind: 'analysis', id: 99_999_999 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await adminApi(url, '/admin/feedback/mark-reviewed', { bearer: admin.bearer, body: { kind: 'email', id } }))
        .status,
    ).toBe(400);
    expect(
      (await adminApi(url, '/admin/feedback/list', { bearer: admin.bearer, query: { vote: 'sideways' } })).status,
    ).toBe(400);
    const [row] = await db.execute<{ reviewed_at: Date | null }>(
      sql`select reviewed_at from analysis_feedback where id = ${id}`,
    );
    expect(row!.reviewed_at).toBeNull();
    expect((await db.execute(sql`select 1 from admin_audit where action = 'feedback.markReviewed'`)).length).toBe(2);
  });
});

async function analysisId(): Promise<number> {
  const [row] = await db.execute<{ id: number }>(
    sql`select id::float8 as id from analysis_feedback where filing_id = ${filingId!}`,
  );
  return row!.id;
}
