/**
 * Story threads on real filings in real PostgreSQL: Apple's results 8-Ks (item 2.02) linked to the
 * 10-Q/10-K of their period (SEC's submissions JSON: accessions, times, report dates, items), the
 * Form 144 of Luca Maestri (Apple, April 2023) linked to the Form 4 that reports the sale, the
 * admin's undo through tRPC (and that it sticks), and the rules on real 13G/8-K documents.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { filings } from '../../db/schema';
import { seedTickers, storeFixture } from '../../test/alerts';
import { startTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { edgarFixture } from '../../test/edgar-fixtures';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';
import { createSession } from '../auth/session.service';
import { parseFiling } from '../../edgar-model/parse';
import type { OwnershipDetail } from '../../edgar-model/parse/types';
import { planLinks, type ThreadFiling } from './thread-rules';
import { matchMissedFilings } from '../alerts/match.service';
import { tickerThreads } from './threads.rest';
import { companyThreads, followsLines, linkFiling, undoLink } from './threads.service';

const database = await createTestDatabase();
const db = database.db;
const APPLE = 320193;

beforeAll(() => seedTickers(db));

const ids = async (accessions: string[]) => {
  const rows = await db.execute<{ id: number; accession_no: string }>(
    sql`select id::float8 as id, accession_no from filings where accession_no = any(${sql.param(accessions)}::text[])`,
  );
  return new Map(rows.map((r) => [r.accession_no, Number(r.id)]));
};

const asThread = (raw: string, id: number, filedAt: string, override: Partial<ThreadFiling> = {}): ThreadFiling => {
  const p = parseFiling(raw);
  return {
    id,
    cik: p.company?.cik ?? 0,
    formType: p.formType,
    filedAt: new Date(filedAt),
    periodOfReport: p.periodOfReport,
    items: p.detail?.kind === 'current' ? p.detail.items.map((i) => i.number) : [],
    filerCik: p.filer?.cik ?? null,
    detail: p.detail,
    ...override,
  };
};

describe('results 8-K -> the 10-Q/10-K of that period (Apple, 2022-2023)', () => {
  const apple = realFilings('AAPL').filter(
    (f) =>
      f.acceptedAt >= new Date('2022-07-01') &&
      f.acceptedAt < new Date('2023-09-01') &&
      (f.items.includes('2.02') || f.form === '10-Q' || f.form === '10-K'),
  );

  it('links each results announcement to its report, in any arrival order, with the matched period', async () => {
    expect(apple.length).toBeGreaterThanOrEqual(8);
    const stored = await insertRealFilings(db, apple, { ticker: 'AAPL' });
    // Backfill stores newest first: link in that order, the report before its announcement.
    for (const id of stored) await linkFiling(db, { filingId: id });
    const byAccession = await ids(apple.map((f) => f.accessionNo));
    const links = await db.execute<{
      from_id: number;
      to_id: number;
      kind: string;
      matched: { why: string; fields: { field: string; from: string; to: string }[] };
    }>(sql`
      select from_filing_id::float8 as from_id, to_filing_id::float8 as to_id, kind, matched from filing_links where cik = ${APPLE} and kind = 'results_report'`);
    const pairs = links.map((l) => [
      [...byAccession].find(([, id]) => id === l.from_id)![0],
      [...byAccession].find(([, id]) => id === l.to_id)![0],
    ]);
    // 8-K of 2023-08-03 -> 10-Q (period 2023-07-01); 2023-05-04 -> 10-Q (2023-04-01); 2023-02-02 -> 10-Q (2022-12-31);
    // 2022-10-27 -> 10-K (2022-09-24); 2022-07-28 -> 10-Q (2022-06-25).
    expect(pairs.sort()).toEqual(
      [
        ['0000320193-22-000069', '0000320193-22-000070'],
        ['0000320193-22-000107', '0000320193-22-000108'],
        ['0000320193-23-000005', '0000320193-23-000006'],
        ['0000320193-23-000063', '0000320193-23-000064'],
        ['0000320193-23-000075', '0000320193-23-000077'],
      ].sort(),
    );
    const may = links.find((l) => l.to_id === byAccession.get('0000320193-23-000064'))!;
    expect(may.matched.fields).toContainEqual({
      field: 'period',
      from: 'results announced 2023-05-04',
      to: 'period ended 2023-04-01',
    });
    expect(may.matched.why).toContain('The 10-Q for the period ended 2023-04-01');

    // Linking again makes nothing new.
    for (const id of stored) expect(await linkFiling(db, { filingId: id })).toBe(0);
  });

  it('shows them as threads of the company, and the 10-Q alert says what it follows', async () => {
    const threads = await companyThreads(db, { cik: APPLE });
    const results = threads.filter((t) => t.title === 'Results and the report');
    expect(results).toHaveLength(5);
    expect(results[0]!.filings.map((f) => f.form_name)).toEqual(['8-K', '10-Q']);
    const tenQ = (await ids(['0000320193-23-000064'])).get('0000320193-23-000064')!;
    expect((await followsLines(db, { filingIds: [tenQ], timeZone: 'America/New_York' })).get(tenQ)).toBe(
      'follows the 8-K of May 4',
    );
  });
});

describe('Form 144 -> the Form 4 that reports the sale (Apple, Luca Maestri, April 2023)', () => {
  let noticeId: number;
  let form4Id: number;

  it('links the proposed sale to the reported trade by the seller CIK, shares and date', async () => {
    // The real Form 144 document (edgartools' test data; SEC lists it in Apple's submissions as
    // 0001958244-23-000454, accepted 2023-04-13 17:18:05Z).
    noticeId = await storeFixture(db, '144_apple_primary_doc.xml', {
      accessionNo: '0001958244-23-000454',
      formType: '144',
      cik: APPLE,
      companyName: 'Apple Inc.',
      filedDate: '2023-04-13',
      acceptedAt: '2023-04-13T17:18:05.000Z',
    });
    const [notice] = await db.execute<{ one_liner: string; cik: number; importance: string }>(
      sql`select one_liner, cik, importance from filings where id = ${noticeId}`,
    );
    expect(notice).toMatchObject({ cik: APPLE, importance: 'LOW' });
    expect(notice!.one_liner).toBe('Luca Maestri plans to sell 69,996 shares ($11.6M) of Apple Inc. around 2023-04-13');

    // The Form 4: accession, acceptance time and period are SEC's (Apple's submissions JSON:
    // 0000320193-23-000055, accepted 2023-04-17 18:31:10Z, period 2023-04-13). Its XML is not in the
    // fixture set, so the trade is DERIVED from the 144 it reports: owner CIK 1513362 (the 144's
    // filer), a sale (S) of the notice's 69,996 shares on its date.
    const detail: OwnershipDetail = {
      kind: 'ownership',
      documentType: '4',
      periodOfReport: '2023-04-13',
      issuer: { cik: APPLE, name: 'Apple Inc.', tradingSymbol: 'AAPL' },
      owners: [
        {
          cik: 1513362,
          name: 'Maestri Luca',
          displayName: 'Luca Maestri',
          officerTitle: 'Senior Vice President, CFO',
          isDirector: false,
          isOfficer: true,
          isTenPercentOwner: false,
          isOther: false,
          otherText: null,
        },
      ],
      rows: [
        {
          tableKind: 'non_derivative',
          isHolding: false,
          rowIndex: 0,
          securityTitle: 'Common Stock',
          transactionDate: '2023-04-13',
          code: 'S',
          equitySwap: false,
          acquiredDisposed: 'D',
          shares: 69996,
          pricePerShare: null,
          value: null,
          sharesOwnedAfter: null,
          directIndirect: 'I',
          natureOfOwnership: 'By Trust',
          is10b51: true,
          footnotes: [],
          conversionOrExercisePrice: null,
          exerciseDate: null,
          expirationDate: null,
          underlyingTitle: null,
          underlyingShares: null,
        },
      ],
      aff10b5One: true,
      dateOfOriginalSubmission: null,
      noSecuritiesOwned: false,
      remarks: null,
      signatureDate: '2023-04-17',
      footnotes: [],
    };
    const [row] = await db
      .insert(filings)
      .values({
        accessionNo: '0000320193-23-000055',
        formType: '4',
        catalogueForm: '4',
        cik: APPLE,
        ticker: 'AAPL',
        companyName: 'Apple Inc.',
        filerCik: 1513362,
        filedAt: new Date('2023-04-17T18:31:10.000Z'),
        acceptedAt: new Date('2023-04-17T18:31:10.000Z'),
        periodOfReport: '2023-04-13',
        importance: 'LOW',
        importanceRank: 1,
        reasons: ['Sale under a 10b5-1 plan'],
        oneLiner: 'Luca Maestri (CFO) sold 69,996 shares',
        details: detail,
      })
      .returning({ id: filings.id });
    form4Id = row!.id;
    expect(await linkFiling(db, { filingId: form4Id })).toBe(1);
    const [link] = await db.execute<{
      from_id: number;
      kind: string;
      matched: { fields: { field: string; from: string; to: string }[] };
    }>(sql`
      select from_filing_id::float8 as from_id, kind, matched from filing_links where to_filing_id = ${form4Id}`);
    expect(link).toMatchObject({ from_id: noticeId, kind: 'sale_notice_trade' });
    expect(link!.matched.fields).toEqual([
      { field: 'person (CIK)', from: 'Luca Maestri', to: 'Luca Maestri' },
      { field: 'shares', from: '69,996', to: '69,996' },
      { field: 'sale date', from: '2023-04-13', to: '2023-04-13' },
    ]);
    expect((await followsLines(db, { filingIds: [form4Id], timeZone: 'America/New_York' })).get(form4Id)).toBe(
      'follows the Form 144 of Apr 13',
    );
  });

  it("does not link the same person's Form 4 of another sale (Maestri, October 2020, real document)", async () => {
    const old = await storeFixture(db, 'aapl_maestri_2020-10-09_S_10b5-1.xml', {
      accessionNo: '0000320193-20-000086',
      cik: APPLE,
      formType: '4',
      companyName: 'Apple Inc.',
      filedDate: '2020-10-13',
      acceptedAt: '2020-10-13T18:30:27.000Z',
    });
    expect(await linkFiling(db, { filingId: old })).toBe(0);
  });

  it('an admin undoes a link through tRPC; it stops showing and linking again does not bring it back', async () => {
    const { url } = await startTestApp({ database });
    const client = (authorization?: string) =>
      createTRPCClient<AppRouter>({
        links: [httpLink({ url: `${url}/trpc`, headers: authorization ? { authorization } : {} })],
      });
    const [link] = await db.execute<{ id: number }>(
      sql`select id::float8 as id from filing_links where to_filing_id = ${form4Id}`,
    );
    const user = await createSignedInUser(db, { email: 'reader@example.com' });
    const admin = await createSignedInUser(db, { email: 'ops@example.com', isAdmin: true });
    const { token } = await createSession(db, { userId: admin.user.id, kind: 'admin' });

    // Nobody but an admin's admin credential: anonymous, a user session, an admin's ordinary session.
    await expect(client().admin.undoThreadLink.mutate({ linkId: link!.id })).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
    await expect(
      client(`Bearer ${user.session}`).admin.undoThreadLink.mutate({ linkId: link!.id }),
    ).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await expect(
      client(`Bearer ${admin.session}`).admin.undoThreadLink.mutate({ linkId: link!.id }),
    ).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await expect(client(`Bearer ${token}`).admin.undoThreadLink.mutate({ linkId: 99_999_999 })).rejects.toMatchObject({
      data: { code: 'NOT_FOUND' },
    });
    await expect(client(`Bearer ${token}`).admin.undoThreadLink.mutate({ linkId: -1 })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST' },
    });
    const [still] = await db.execute<{ undone_at: Date | null }>(
      sql`select undone_at from filing_links where id = ${link!.id}`,
    );
    expect(still!.undone_at).toBeNull();

    const undone = await client(`Bearer ${token}`).admin.undoThreadLink.mutate({ linkId: link!.id });
    expect(undone.id).toBe(link!.id);
    const audit = await db.execute<{ target_id: string }>(
      sql`select target_id from admin_audit where action = 'threads.undoLink'`,
    );
    expect(audit.map((r) => String(r.target_id))).toEqual([String(link!.id)]);
    expect(await linkFiling(db, { filingId: form4Id })).toBe(0);
    expect(await linkFiling(db, { filingId: noticeId })).toBe(0);
    expect((await followsLines(db, { filingIds: [form4Id], timeZone: 'America/New_York' })).has(form4Id)).toBe(false);
    const threads = await client().threads.forTicker.query({ ticker: 'AAPL' });
    expect(threads.threads.some((t) => t.filings.some((f) => f.id === form4Id))).toBe(false);
    // The REST mirror answers the same (GET /api/ticker/:ticker/threads).
    const rest = await fetch(`${url}/api/ticker/aapl/threads`);
    expect(rest.status).toBe(200);
    const body = await rest.json();
    expect(body).toEqual(threads);
    expect(tickerThreads.safeParse(body).success).toBe(true);
    expect(threads.threads.filter((t) => t.title === 'Results and the report')).toHaveLength(5);
    expect((await fetch(`${url}/api/ticker/NOPE!!/threads`)).status).toBe(404);
    // Undoing twice keeps the first undo.
    expect((await undoLink(db, { linkId: link!.id, adminUserId: admin.user.id })).undoneAt).toBe(undone.undoneAt);
    await expect(client().threads.forTicker.query({ ticker: 'NOPE!!' })).rejects.toMatchObject({
      data: { code: 'NOT_FOUND' },
    });
  });
});

describe('8-K 5.02 -> the Form 4 of a person it names (NVIDIA, stored as ingest stores them)', () => {
  const NVIDIA = 1045810;

  it("links the pay 8-K to Debora Shoquist's Form 4 by her name, through the sweep that links every stored filing", async () => {
    // Real: NVIDIA's 8-K of 2026-03-06 (Item 5.02, the FY2027 variable pay of five named executive
    // officers) and Debora Shoquist's Form 4 (tax withholding, accepted 2023-06-23). At its real
    // date the Form 4 is three years before the 8-K: no link.
    const eightK = await storeFixture(db, '0001045810-26-000024.txt');
    const real = await storeFixture(db, '0001045810-23-000128_nvda_shoquist_F.txt');
    const [stored] = await db.execute<{ people: unknown }>(
      sql`select details->'people' as people from filings where id = ${eightK}`,
    );
    expect(stored!.people).toContainEqual({
      name: 'Debora Shoquist',
      role: 'Executive Vice President',
      change: 'compensation',
    });
    expect(await matchMissedFilings(db)).toBe(0);
    const none = await db.execute(
      sql`select 1 from filing_links where to_filing_id = ${real} and kind = 'officer_change_insider'`,
    );
    expect(none).toHaveLength(0);

    // DERIVED: the same Form 4 document stored as a filing accepted 2026-03-10 (accession changed),
    // four days after the 8-K, as the sweep finds it.
    const raw = edgarFixture('0001045810-23-000128_nvda_shoquist_F.txt')
      .replace(/ACCESSION NUMBER:\s+\S+/, 'ACCESSION NUMBER:\t9999999999-26-000001')
      .replace(/<ACCEPTANCE-DATETIME>\d+/, '<ACCEPTANCE-DATETIME>20260310211500');
    const later = await storeFixtureText(raw);
    await matchMissedFilings(db);
    const [link] = await db.execute<{
      from_id: number;
      matched: { why: string; fields: { field: string; from: string; to: string }[] };
    }>(sql`
      select from_filing_id::float8 as from_id, matched from filing_links where to_filing_id = ${later} and kind = 'officer_change_insider'`);
    expect(link!.from_id).toBe(eightK);
    expect(link!.matched.fields[0]).toEqual({ field: 'person (name)', from: 'Debora Shoquist', to: 'Debora Shoquist' });
    expect(link!.matched.why).toBe(
      "Debora Shoquist (Executive Vice President), named in the 8-K's item 5.02 (pay), filed a Form 4 4 days later.",
    );
    const thread = (await companyThreads(db, { cik: NVIDIA })).find((t) => t.links.some((l) => l.to_id === later));
    expect(thread).toMatchObject({ title: 'Officer or director change' });
  });

  it('does not link a Form 4 by someone the 5.02 does not name', () => {
    // Real: JPMorgan's 5.02 of June 2026 names Petno, Rohrbaugh, Lake, Erdoes and Piepszak; the
    // Shoquist Form 4 (real document) placed 10 days after it under the same CIK finds no name.
    const jpm = asThread(edgarFixture('0000019617-26-000241.txt'), 20, '2026-06-26T21:00:00Z', { cik: 1 });
    const form4 = asThread(edgarFixture('0001045810-23-000128_nvda_shoquist_F.txt'), 21, '2026-07-06T21:00:00Z', {
      cik: 1,
    });
    expect(planLinks(form4, [jpm]).links.filter((l) => l.kind === 'officer_change_insider')).toEqual([]);
    // The same Form 4 under NVIDIA's 8-K links, and a nickname matches ("Deb" would be "Debora").
    const nvda = asThread(edgarFixture('0001045810-26-000024.txt'), 22, '2026-06-26T21:00:00Z', { cik: 1 });
    expect(planLinks(form4, [nvda]).links.map((l) => l.kind)).toEqual(['officer_change_insider']);
    const nick = {
      ...nvda,
      id: 23,
      detail:
        nvda.detail?.kind === 'current'
          ? { ...nvda.detail, people: [{ name: 'Deb Shoquist', role: null, change: 'named' as const }] }
          : nvda.detail,
    };
    expect(planLinks(form4, [nick]).links.map((l) => l.kind)).toEqual(['officer_change_insider']);
  });
});

describe('rules on real documents', () => {
  it("chains a holder's Schedule 13G to its later 13D (passive turned active) and names the stake path", () => {
    // Real: Coupang's SC 13G/A (0000895421-24-000024). The 13D after it is DERIVED (the same document
    // with its form changed and a higher stake), as the fixture set has no 13D.
    const g = asThread(edgarFixture('0000895421-24-000024_SC13G-A_coupang.txt'), 1, '2024-02-14T12:00:00Z');
    expect(g.detail?.kind).toBe('beneficial');
    const d = {
      ...g,
      id: 2,
      formType: 'SC 13D',
      filedAt: new Date('2024-06-03T12:00:00Z'),
      detail:
        g.detail?.kind === 'beneficial' ? { ...g.detail, schedule: '13D' as const, percentOfClass: 12.1 } : g.detail,
    };
    const { links } = planLinks(d, [g]);
    expect(links.map((l) => l.kind)).toEqual(['passive_to_active']);
    expect(links[0]!.why.fields).toContainEqual({ field: 'schedule', from: '13G', to: '13D' });
  });

  it('links an 8-K 5.02 to the next 5.02 only, and re-links when an earlier one arrives late', () => {
    // Real 5.02 8-Ks: 1895 Bancorp (0000943374-24-000509) and Acorn Energy (0001493152-25-001317); used here as one company's.
    const a = asThread(edgarFixture('0000943374-24-000509_1895bancorp_5.02.txt'), 10, '2024-01-10T21:00:00Z', {
      cik: 1,
    });
    const c = asThread(edgarFixture('0001493152-25-001317_acorn_energy_5.02_9.01.nc'), 12, '2024-09-10T21:00:00Z', {
      cik: 1,
    });
    const b = { ...a, id: 11, filedAt: new Date('2024-05-10T21:00:00Z') };
    expect(planLinks(c, [a]).links.map((l) => [l.from.id, l.to.id])).toEqual([[10, 12]]);
    const middle = planLinks(b, [a, c]);
    expect(middle.links.map((l) => [l.kind, l.from.id, l.to.id])).toEqual([
      ['officer_change_next', 10, 11],
      ['officer_change_next', 11, 12],
    ]);
    expect(middle.replaces).toEqual([{ kind: 'officer_change_next', fromId: 10, toId: 12 }]);
  });

  it('opens a late-report thread on an NT 10-K and closes it with the 10-K of the same period', async () => {
    // Real: Tesla's 2020 10-K submission; the NT 10-K before it is DERIVED (same header, form changed),
    // as score.test.ts does for the late-filing rule.
    const raw = edgarFixture('10-K_tsla_2020_minimal_submission.txt');
    const nt = parseFiling(raw.replace('SUBMISSION TYPE:\t10-K', 'SUBMISSION TYPE:\tNT 10-K'));
    expect(nt.formType).toBe('NT 10-K');
    const ntId = await storeFixtureText(
      raw
        .replace('SUBMISSION TYPE:\t10-K', 'SUBMISSION TYPE:\tNT 10-K')
        .replace(/ACCESSION NUMBER:\s+\S+/, 'ACCESSION NUMBER:\t9999999999-21-000001'),
    );
    const before = await companyThreads(db, { cik: 1318605 });
    expect(before.find((t) => t.id === `nt-${ntId}`)).toMatchObject({
      status: 'open',
      title: 'Late 10-K: waiting for the report',
    });
    const tenK = await storeFixture(db, '10-K_tsla_2020_minimal_submission.txt');
    await db.execute(
      sql`update filings set filed_at = (select filed_at from filings where id = ${ntId}) + interval '10 days' where id = ${tenK}`,
    );
    expect(await linkFiling(db, { filingId: tenK })).toBe(1);
    const after = await companyThreads(db, { cik: 1318605 });
    expect(after.find((t) => t.id === `nt-${ntId}`)).toBeUndefined();
    expect(after.find((t) => t.filings.some((f) => f.id === ntId))).toMatchObject({
      status: 'closed',
      title: 'Late 10-K: filed',
    });
  });
});

async function storeFixtureText(raw: string): Promise<number> {
  const { storeParsedFiling } = await import('../filings/filings.service');
  const { id } = await storeParsedFiling(db, { parsed: parseFiling(raw), meta: { source: 'manual', indexUrl: null } });
  return id;
}
