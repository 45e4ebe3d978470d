/** SQL of insider profiles: who a name or CIK is, and every Form 3/4/5 row filed for them. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { InsiderRow } from '../ticker-pages/ticker-pages.repo';

export interface IdentityRow extends Record<string, unknown> {
  owner_cik: number | null;
  name: string;
  filings: number;
  last_filed_at: string;
  companies: { issuer_cik: number | null; ticker: string | null; name: string | null }[];
}

const byName = (name: string) =>
  sql`(lower(it.owner_display_name) = lower(${name}) or lower(it.owner_name) = lower(${name}))`;

/** Everyone filed under this name (as displayed or as filed), case-insensitively, one row per CIK. */
export async function identitiesByName(db: Db, { name }: { name: string }): Promise<IdentityRow[]> {
  return db.execute<IdentityRow>(sql`
    select it.owner_cik, (array_agg(it.owner_display_name order by it.filed_at desc))[1] as name,
      count(distinct it.filing_id)::int as filings, to_json(max(it.filed_at))#>>'{}' as last_filed_at,
      coalesce((select json_agg(distinct jsonb_build_object('issuer_cik', x.issuer_cik, 'ticker', x.ticker, 'name', coalesce(c.display_name, c.name, f.company_name)))
        from insider_transactions x join filings f on f.id = x.filing_id left join companies c on c.cik = x.issuer_cik
        where x.owner_cik is not distinct from it.owner_cik and (lower(x.owner_display_name) = lower(${name}) or lower(x.owner_name) = lower(${name}))), '[]') as companies
    from insider_transactions it
    where ${byName(name)}
    group by it.owner_cik
    order by max(it.filed_at) desc`);
}

/** A Form 3/4/5 row of one owner, with its filing and company. */
export interface OwnerRow
  extends Omit<InsiderRow, 'owner_index' | 'footnotes' | 'underlying_title'>,
    Record<string, unknown> {
  filing_id: number;
  accession_no: string;
  form_type: string;
  issuer_cik: number | null;
  ticker: string | null;
  company_name: string | null;
  owner_name: string;
  filed_day: string;
  filed_at: string;
  link: string | null;
}

/** An owner's rows, newest first: by CIK (with the CIKs an admin merged into it), or by name for filers without a CIK (old text filings). */
export async function ownerRows(
  db: Db,
  params: { ciks: number[] } | { name: string },
  limit: number,
): Promise<OwnerRow[]> {
  const where: SQL =
    'ciks' in params
      ? sql`it.owner_cik in (${sql.join(
          params.ciks.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql`it.owner_cik is null and ${byName(params.name)}`;
  return db.execute<OwnerRow>(sql`
    select it.filing_id::float8 as filing_id, it.accession_no, it.form_type, it.issuer_cik, coalesce(it.ticker, f.ticker) as ticker,
      coalesce(c.display_name, c.name, f.company_name) as company_name, it.owner_cik, it.owner_display_name, it.owner_name, it.officer_title,
      it.is_director, it.is_officer, it.is_ten_percent_owner, it.other_text, it.table_kind, it.is_holding, it.row_index::int,
      it.security_title, it.transaction_date::text, (f.filed_at at time zone 'America/New_York')::date::text as filed_day,
      to_json(f.filed_at)#>>'{}' as filed_at, it.code, it.acquired_disposed, it.shares::float8, it.price_per_share::float8,
      it.value::float8, it.shares_owned_after::float8, it.direct_indirect, it.nature_of_ownership, it.is_10b5_1,
      coalesce(f.primary_doc_url, f.index_url) as link
    from insider_transactions it
    join filings f on f.id = it.filing_id
    left join companies c on c.cik = it.issuer_cik
    where ${where}
    order by coalesce(it.transaction_date, (f.filed_at at time zone 'America/New_York')::date) desc, f.filed_at desc,
      it.filing_id desc, it.table_kind desc, it.is_holding, it.row_index
    limit ${limit}`);
}
