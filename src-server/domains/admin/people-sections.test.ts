/**
 * /admin/insiders and /admin/duplicates over REST, from real replayed Forms 4: Elon Musk (Tesla),
 * Sergey Brin (Google 2015 as "Brin Sergey", Alphabet 2022 as "Sergey Brin": one CIK, two filed
 * names). The two-CIKs-one-name case is DERIVED from a real document, as in insiders.test.ts:
 * Workday's Form 4 stored under the name "Musk Elon" with a test-only accession number.
 * Every procedure: outsiders refused, cross-site writes 403 and change nothing, audit row written,
 * effect visible on the public insider pages.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadReplaySet } from '../../integrations/edgar/replay/replay-set';
import { createAdminBearer, adminApi } from '../../test/admin';
import { startTestApp } from '../../test/app';
import { storeReplayFilings } from '../../test/replay-filings';
import { createSignedInUser } from '../../test/users';
import { storeParsedFiling } from '../filings/filings.service';
import { parseFiling } from '../../edgar-model/parse';
import type { OwnershipDetail } from '../../edgar-model/parse/types';
import { tickerCatalogue } from '../tickers/ticker-catalogue';

const { url, deps } = await startTestApp();
const db = deps.db;
await tickerCatalogue(deps).get();
await storeReplayFilings(db, [
  '0000899243-22-035394',
  '0000899243-23-008179',
  '0001127602-15-028697',
  '0001209191-22-024552',
]);
const workday = loadReplaySet().find((f) => f.accessionNo === '0001327811-25-000050')!;
const parsed = parseFiling(workday.body, workday);
const detail = parsed.detail as OwnershipDetail;
const otherCik = detail.owners[0]!.cik!;
detail.owners[0] = { ...detail.owners[0]!, name: 'Musk Elon', displayName: 'Elon Musk' };
await storeParsedFiling(db, { parsed: { ...parsed, accessionNo: '0009999999-25-000001' }, meta: { source: 'manual' } });
const MUSK = 1494730;
const BRIN = 1295032;

const admin = await createAdminBearer(db, { email: 'ops@example.com' });
const user = await createSignedInUser(db, { email: 'reader@example.com' });
const audits = (action: string) =>
  db.execute<{ target_id: string | null; before: any; after: any; reason: string | null }>(
    sql`select target_id, before, after, reason from admin_audit where action = ${action} order by id`,
  );
const publicGet = async (path: string) => {
  const response = await fetch(`${url}/api${path}`);
  return { status: response.status, body: (await response.json()) as any };
};

async function refusesOutsiders(path: string, body?: unknown) {
  for (const bearer of [null, user.session, admin.session]) {
    expect((await adminApi(url, path, { bearer, body })).status, `${path} ${bearer ? 'non-admin' : 'anonymous'}`).toBe(
      401,
    );
  }
}

describe('admin insiders', () => {
  it('lists profiles with filed names, companies and roles, paged by CIK and searchable', async () => {
    await refusesOutsiders('/admin/insiders/list');
    const { status, body } = await adminApi(url, '/admin/insiders/list', {
      bearer: admin.bearer,
      query: { q: 'brin' },
    });
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ cik: BRIN, display_name: null, merged_into_cik: null, filings: 2 });
    expect(body.items[0].filed_names.sort()).toEqual(['Brin Sergey', 'Sergey Brin']);
    expect(body.items[0].roles).toEqual(expect.arrayContaining(['Director', 'Co-Founder']));
    const page1 = await adminApi(url, '/admin/insiders/list', { bearer: admin.bearer, query: { limit: '1' } });
    const page2 = await adminApi(url, '/admin/insiders/list', {
      bearer: admin.bearer,
      query: { limit: '1', cursor: page1.body.nextCursor },
    });
    expect(page2.body.items[0].cik).toBeGreaterThan(page1.body.items[0].cik);
    expect(
      (await adminApi(url, '/admin/insiders/list', { bearer: admin.bearer, query: { cursor: 'forged' } })).status,
    ).toBe(400);
  });

  it('a fixed display name is audited and shows on the public insider page and in name lookups', async () => {
    const body = { cik: BRIN, displayName: 'Sergey M. Brin' };
    await refusesOutsiders('/admin/insiders/set-display-name', body);
    expect(
      (
        await adminApi(url, '/admin/insiders/set-display-name', {
          bearer: admin.bearer,
          body,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect((await publicGet(`/insider/cik/${BRIN}`)).body.name).toBe('Sergey Brin');
    expect(
      (
        await adminApi(url, '/admin/insiders/set-display-name', {
          bearer: admin.bearer,
          body: { cik: 1, displayName: 'X' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await adminApi(url, '/admin/insiders/set-display-name', {
          bearer: admin.bearer,
          body: { cik: BRIN, displayName: '  ' },
        })
      ).status,
    ).toBe(400);

    const { status, body: row } = await adminApi(url, '/admin/insiders/set-display-name', {
      bearer: admin.bearer,
      body,
    });
    expect(status).toBe(200);
    expect(row.display_name).toBe('Sergey M. Brin');
    expect((await audits('insiders.setDisplayName')).map((a) => [a.target_id, a.before, a.after])).toEqual([
      [String(BRIN), { display_name: null }, { display_name: 'Sergey M. Brin' }],
    ]);
    expect((await publicGet(`/insider/cik/${BRIN}`)).body.name).toBe('Sergey M. Brin');
    expect((await publicGet('/insider/by-name/Brin%20Sergey')).body.profile.name).toBe('Sergey M. Brin');
    // The ticker page lists the filing's owner under the fixed name too.
    const alphabet = await publicGet('/ticker/GOOG?form=4');
    const owners = alphabet.body.filings.items
      .flatMap((f: { owners: { cik: number; name: string }[] }) => f.owners)
      .filter((o: { cik: number }) => o.cik === BRIN);
    expect(owners.map((o: { name: string }) => o.name)).toEqual(['Sergey M. Brin']);

    await adminApi(url, '/admin/insiders/set-display-name', {
      bearer: admin.bearer,
      body: { cik: BRIN, displayName: null },
    });
    expect((await publicGet(`/insider/cik/${BRIN}`)).body.name).toBe('Sergey Brin');
  });

  it('merging needs a reason, is audited, and the merged profile URL opens the surviving one', async () => {
    const body = { fromCik: otherCik, intoCik: MUSK, reason: 'Same person filing under a second CIK' };
    await refusesOutsiders('/admin/insiders/merge', body);
    expect(
      (await adminApi(url, '/admin/insiders/merge', { bearer: admin.bearer, body, origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect(
      (
        await adminApi(url, '/admin/insiders/merge', {
          bearer: admin.bearer,
          body: { fromCik: otherCik, intoCik: MUSK },
        })
      ).body.error,
    ).toBe('reason_required');
    expect(
      (await adminApi(url, '/admin/insiders/merge', { bearer: admin.bearer, body: { ...body, intoCik: otherCik } }))
        .status,
    ).toBe(400);
    expect(await audits('insiders.merge')).toEqual([]);
    expect((await publicGet('/insider/by-name/Elon%20Musk')).body.kind).toBe('choices');
    // /admin/duplicates shows the pair until it is merged.
    const found = await adminApi(url, '/admin/duplicates/list', { bearer: admin.bearer, query: { kind: 'insider' } });
    expect(found.body.items.map((f: any) => [f.key, f.members.map((m: { id: string }) => Number(m.id))])).toEqual([
      ['name:elon musk', [MUSK, otherCik]],
    ]);

    const { status, body: merged } = await adminApi(url, '/admin/insiders/merge', { bearer: admin.bearer, body });
    expect(status).toBe(200);
    expect(merged).toMatchObject({ cik: MUSK, merged_from: [otherCik] });
    const [audit] = await audits('insiders.merge');
    expect(audit).toMatchObject({ target_id: String(otherCik), reason: body.reason, after: { merged_into_cik: MUSK } });

    const old = await publicGet(`/insider/cik/${otherCik}`);
    expect(old.status).toBe(200);
    expect(old.body.cik).toBe(MUSK);
    expect(old.body.companies.map((c: { ticker: string }) => c.ticker).sort()).toEqual(['TSLA', 'WDAY']);
    expect((await publicGet(`/insider/cik/${MUSK}`)).body.companies).toHaveLength(2);
    expect((await publicGet('/insider/by-name/Elon%20Musk')).body).toMatchObject({
      kind: 'profile',
      profile: { cik: MUSK },
    });
    // Twice is a conflict, not a second row.
    expect((await adminApi(url, '/admin/insiders/merge', { bearer: admin.bearer, body })).status).toBe(409);
    expect(await audits('insiders.merge')).toHaveLength(1);
  });
});

describe('admin duplicates', () => {
  it('finds share classes, moved tickers, insiders under two CIKs and shared contacts; not-a-duplicate hides one', async () => {
    await refusesOutsiders('/admin/duplicates/list');
    // Meta's ticker moved from FB (June 2022); the shipped catalogue only lists META.
    await db.execute(
      sql`insert into tickers (ticker, cik, name, active) values ('FB', 1326801, 'Meta Platforms, Inc.', false)`,
    );
    await createSignedInUser(db, { email: 'shared@example.com' });
    await db.execute(sql`insert into users (email) values ('Shared@example.com')`);

    const all = async (kind: string) => {
      const items: any[] = [];
      let cursor: string | null = null;
      do {
        const { body } = await adminApi(url, '/admin/duplicates/list', {
          bearer: admin.bearer,
          query: { kind, limit: '200', ...(cursor ? { cursor } : {}) },
        });
        items.push(...body.items);
        cursor = body.nextCursor;
      } while (cursor);
      return items;
    };
    expect(
      (await all('share_class')).find((f) => f.key === 'cik:1652044')?.members.map((m: { id: string }) => m.id),
    ).toEqual(['GOOG', 'GOOGL']);
    expect((await all('ticker_moved')).map((f) => [f.key, f.members.map((m: { id: string }) => m.id)])).toEqual([
      ['cik:1326801', ['META', 'FB']],
    ]);
    expect((await all('user_contact')).map((f) => [f.key, f.members.length])).toEqual([
      ['email:shared@example.com', 2],
    ]);
    // The Elon Musk pair was merged above: no longer a finding.
    expect(await all('insider')).toEqual([]);

    const page1 = await adminApi(url, '/admin/duplicates/list', { bearer: admin.bearer, query: { limit: '1' } });
    const page2 = await adminApi(url, '/admin/duplicates/list', {
      bearer: admin.bearer,
      query: { limit: '1', cursor: page1.body.nextCursor },
    });
    expect(
      [page2.body.items[0].kind, page2.body.items[0].key] > [page1.body.items[0].kind, page1.body.items[0].key],
    ).toBe(true);

    const body = { kind: 'share_class', key: 'cik:1652044', reason: 'Alphabet share classes, both traded' };
    await refusesOutsiders('/admin/duplicates/mark-not-duplicate', body);
    expect(
      (
        await adminApi(url, '/admin/duplicates/mark-not-duplicate', {
          bearer: admin.bearer,
          body,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await adminApi(url, '/admin/duplicates/mark-not-duplicate', {
          bearer: admin.bearer,
          body: { kind: body.kind, key: body.key },
        })
      ).body.error,
    ).toBe('reason_required');
    expect(
      (
        await adminApi(url, '/admin/duplicates/mark-not-duplicate', {
          bearer: admin.bearer,
          body: { ...body, key: 'cik:1' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await adminApi(url, '/admin/duplicates/mark-not-duplicate', {
          bearer: admin.bearer,
          body: { ...body, kind: 'planet' },
        })
      ).status,
    ).toBe(400);
    expect((await all('share_class')).some((f) => f.key === body.key)).toBe(true);

    expect((await adminApi(url, '/admin/duplicates/mark-not-duplicate', { bearer: admin.bearer, body })).status).toBe(
      200,
    );
    expect((await all('share_class')).some((f) => f.key === body.key)).toBe(false);
    expect((await audits('duplicates.markNotDuplicate')).map((a) => [a.target_id, a.reason])).toEqual([
      ['share_class/cik:1652044', body.reason],
    ]);
    expect((await adminApi(url, '/admin/duplicates/mark-not-duplicate', { bearer: admin.bearer, body })).status).toBe(
      404,
    );
  });
});
