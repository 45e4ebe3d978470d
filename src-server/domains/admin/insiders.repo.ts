/** SQL of /admin/insiders: reporting owners by CIK with their filed names, companies and roles. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface AdminInsiderRow extends Record<string, unknown> {
  cik: number;
  name: string;
  display_name: string | null;
  merged_into_cik: number | null;
  merged_from: number[];
  filed_names: string[];
  companies: string[];
  roles: string[];
  filings: number;
  last_filed_at: string;
}

/** Owners with a CIK, A-Z by CIK after `afterCik`; q matches a filed or displayed name, or the CIK. */
export async function listInsiders(
  db: Db,
  p: { q?: string | null; afterCik: number | null; limit: number; cik?: number },
): Promise<AdminInsiderRow[]> {
  const q = p.q?.trim() || null;
  return db.execute<AdminInsiderRow>(sql`
    select it.owner_cik as cik, (array_agg(it.owner_display_name order by f.filed_at desc))[1] as name,
      e.display_name, e.merged_into_cik,
      coalesce((select array_agg(m.owner_cik order by m.owner_cik) from insider_profile_edits m where m.merged_into_cik = it.owner_cik), '{}') as merged_from,
      array_agg(distinct it.owner_name) as filed_names,
      array_agg(distinct coalesce(it.ticker, f.ticker, f.company_name)) filter (where coalesce(it.ticker, f.ticker, f.company_name) is not null) as companies,
      array_agg(distinct coalesce(nullif(it.officer_title, ''), case when it.is_director then 'Director' when it.is_ten_percent_owner then '10% owner' else nullif(it.other_text, '') end))
        filter (where coalesce(nullif(it.officer_title, ''), case when it.is_director then 'Director' when it.is_ten_percent_owner then '10% owner' else nullif(it.other_text, '') end) is not null) as roles,
      count(distinct it.filing_id)::int as filings, to_json(max(f.filed_at))#>>'{}' as last_filed_at
    from insider_transactions it
    join filings f on f.id = it.filing_id
    left join insider_profile_edits e on e.owner_cik = it.owner_cik
    where it.owner_cik is not null
      ${p.cik != null ? sql`and it.owner_cik = ${p.cik}` : sql``}
      ${p.afterCik != null ? sql`and it.owner_cik > ${p.afterCik}` : sql``}
      ${q ? sql`and (lower(it.owner_display_name) like ${`%${q.toLowerCase()}%`} or lower(it.owner_name) like ${`%${q.toLowerCase()}%`} or lower(e.display_name) like ${`%${q.toLowerCase()}%`} or it.owner_cik::text = ${q.replace(/^0+/, '')})` : sql``}
    group by it.owner_cik, e.display_name, e.merged_into_cik
    order by it.owner_cik
    limit ${p.limit}`);
}

export async function upsertEdit(
  db: Db,
  e: { cik: number; displayName?: string | null; mergedIntoCik?: number | null; adminId: string },
): Promise<void> {
  await db.execute(sql`
    insert into insider_profile_edits (owner_cik, display_name, merged_into_cik, updated_by, updated_at)
    values (${e.cik}, ${e.displayName ?? null}, ${e.mergedIntoCik ?? null}, ${e.adminId}, now())
    on conflict (owner_cik) do update set
      display_name = ${e.displayName === undefined ? sql`insider_profile_edits.display_name` : sql`${e.displayName}`},
      merged_into_cik = ${e.mergedIntoCik === undefined ? sql`insider_profile_edits.merged_into_cik` : sql`${e.mergedIntoCik}`},
      updated_by = excluded.updated_by, updated_at = now()`);
}

/** Profiles merged into `from` follow it into `into` (no chains: a merged profile opens its target directly). */
export async function repointMerged(db: Db, p: { from: number; into: number; adminId: string }): Promise<void> {
  await db.execute(
    sql`update insider_profile_edits set merged_into_cik = ${p.into}, updated_by = ${p.adminId}, updated_at = now() where merged_into_cik = ${p.from}`,
  );
}
