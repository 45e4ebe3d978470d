/**
 * SQL of /admin/duplicates: what looks like one entity twice. Each finding has a kind and a key
 * stable across runs (the sorted ids involved), so an admin's "not a duplicate" keeps hiding it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const DUPLICATE_KINDS = ['share_class', 'ticker_moved', 'insider', 'user_contact'] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];

export interface DuplicateRow extends Record<string, unknown> {
  kind: DuplicateKind;
  key: string;
  /** What the members have in common (the CIK, the name, the address). */
  shared: string;
  members: { id: string; label: string }[];
}

const findings = sql`
  -- Several active tickers on one CIK: share classes (GOOGL/GOOG) or a listing kept twice.
  select 'share_class' as kind, 'cik:' || t.cik as key, 'CIK ' || t.cik as shared,
    json_agg(json_build_object('id', t.ticker, 'label', t.ticker || ' · ' || t.name) order by t.ticker) as members
  from tickers t where t.active group by t.cik having count(*) > 1
  union all
  -- A CIK whose old ticker is no longer listed next to a current one: the company's ticker moved.
  select 'ticker_moved', 'cik:' || t.cik, 'CIK ' || t.cik,
    json_agg(json_build_object('id', t.ticker, 'label', t.ticker || case when t.active then ' (current)' else ' (no longer listed)' end) order by t.active desc, t.ticker)
  from tickers t group by t.cik having bool_or(t.active) and bool_or(not t.active)
  union all
  -- One name filed under two or more CIKs (profiles already merged do not count); the CIK with most filings first (the merge keeps it).
  select 'insider', 'name:' || it.owner_display_name, min(it.owner_display_name_any),
    json_agg(json_build_object('id', it.owner_cik::text, 'label', 'CIK ' || it.owner_cik || ' · ' || it.filings || ' filing(s)') order by it.filings desc, it.owner_cik)
  from (
    select lower(x.owner_display_name) as owner_display_name, min(x.owner_display_name) as owner_display_name_any, x.owner_cik, count(distinct x.filing_id) as filings
    from insider_transactions x left join insider_profile_edits e on e.owner_cik = x.owner_cik
    where x.owner_cik is not null and e.merged_into_cik is null
    group by lower(x.owner_display_name), x.owner_cik
  ) it group by it.owner_display_name having count(*) > 1
  union all
  -- Accounts that gave the same email or phone (only one of them can verify it).
  select 'user_contact', c.channel || ':' || c.value, c.value,
    json_agg(json_build_object('id', c.id::text, 'label', c.value || case when c.verified then ' (verified)' else ' (unverified)' end) order by c.id)
  from (
    select 'email' as channel, lower(email) as value, id, email_verified_at is not null as verified from users where email is not null
    union all select 'phone', phone, id, phone_verified_at is not null from users where phone is not null
  ) c group by c.channel, c.value having count(*) > 1`;

/** Findings without a decision, by kind then key, after the cursor's (kind, key). */
export async function listDuplicates(
  db: Db,
  p: { kind?: DuplicateKind | null; after: [string, string] | null; limit: number; key?: string },
): Promise<DuplicateRow[]> {
  return db.execute<DuplicateRow>(sql`
    select d.* from (${findings}) d
    where not exists (select 1 from duplicate_decisions dd where dd.kind = d.kind and dd.key = d.key)
      ${p.kind ? sql`and d.kind = ${p.kind}` : sql``}
      ${p.key != null ? sql`and d.key = ${p.key}` : sql``}
      ${p.after ? sql`and (d.kind, d.key) > (${p.after[0]}, ${p.after[1]})` : sql``}
    order by d.kind, d.key
    limit ${p.limit}`);
}

export async function recordDecision(
  db: Db,
  d: { kind: DuplicateKind; key: string; decision: 'not_duplicate' | 'merged'; note: string | null; adminId: string },
): Promise<void> {
  await db.execute(sql`
    insert into duplicate_decisions (kind, key, decision, note, decided_by) values (${d.kind}, ${d.key}, ${d.decision}, ${d.note}, ${d.adminId})
    on conflict (kind, key) do update set decision = excluded.decision, note = excluded.note, decided_by = excluded.decided_by, decided_at = now()`);
}
