/** SQL of story threads: a filing's candidates, links in and out, a company's threads. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filedDateUnknownSql } from '../filings/filing-dto';
import type { FilingDetail } from '../../edgar-model/parse/types';
import type { LinkWhy, ThreadFiling } from './thread-rules';

/** Forms any thread rule reads, as one regular expression for the candidate query. */
const THREAD_FORMS = '^((144|3|4|NT 10-[KQ]|10-[KQ]|S-1|F-1|424B[14])(/A)?|8-K.*|(SC|SCHEDULE) 13[DG].*)$';

interface ThreadFilingRow extends Record<string, unknown> {
  id: number;
  cik: number;
  form_type: string;
  filed_at: Date;
  period_of_report: string | null;
  items: string[] | null;
  filer_cik: number | null;
  details: FilingDetail | null;
}

const COLUMNS = sql`f.id::float8 as id, f.cik, f.form_type, f.filed_at, f.period_of_report::text as period_of_report, f.items, f.filer_cik, f.details`;

const toThreadFiling = (r: ThreadFilingRow): ThreadFiling => ({
  id: Number(r.id),
  cik: r.cik,
  formType: r.form_type,
  filedAt: new Date(r.filed_at),
  periodOfReport: r.period_of_report,
  items: r.items ?? [],
  filerCik: r.filer_cik,
  detail: r.details,
});

export async function threadFiling(db: Db, { filingId }: { filingId: number }): Promise<ThreadFiling | null> {
  const rows = await db.execute<ThreadFilingRow>(
    sql`select ${COLUMNS} from filings f where f.id = ${filingId} and f.cik is not null`,
  );
  return rows[0] ? toThreadFiling(rows[0]) : null;
}

/** The company's filings any rule reads, within `days` either side of `around` (newest 400 each side at most). */
export async function candidates(
  db: Db,
  { cik, around, days }: { cik: number; around: Date; days: number },
): Promise<ThreadFiling[]> {
  const rows = await db.execute<ThreadFilingRow>(sql`
    (select ${COLUMNS} from filings f
      where f.cik = ${cik} and f.filed_at <= ${around.toISOString()}::timestamptz
        and f.filed_at >= ${around.toISOString()}::timestamptz - make_interval(days => ${days})
        and upper(f.form_type) ~ ${THREAD_FORMS}
      order by f.filed_at desc limit 400)
    union all
    (select ${COLUMNS} from filings f
      where f.cik = ${cik} and f.filed_at > ${around.toISOString()}::timestamptz
        and f.filed_at <= ${around.toISOString()}::timestamptz + make_interval(days => ${days})
        and upper(f.form_type) ~ ${THREAD_FORMS}
      order by f.filed_at asc limit 400)`);
  return rows.map(toThreadFiling);
}

export async function insertLinks(
  db: Db,
  { links }: { links: { cik: number; fromId: number; toId: number; kind: string; matched: LinkWhy }[] },
): Promise<number> {
  if (links.length === 0) return 0;
  // An undone link keeps its row, so the conflict leaves it undone: an admin's undo sticks.
  const rows = await db.execute(sql`
    insert into filing_links (cik, from_filing_id, to_filing_id, kind, matched)
    select (l->>'cik')::int, (l->>'fromId')::int8, (l->>'toId')::int8, l->>'kind', l->'matched'
    from jsonb_array_elements(${JSON.stringify(links)}::jsonb) l
    on conflict (from_filing_id, to_filing_id, kind) do nothing
    returning id`);
  return rows.length;
}

/** Links a newer filing now sits inside (A -> C becomes A -> B -> C); undone ones stay as the admin left them. */
export async function removeReplaced(
  db: Db,
  { pairs }: { pairs: { kind: string; fromId: number; toId: number }[] },
): Promise<void> {
  if (pairs.length === 0) return;
  await db.execute(sql`
    delete from filing_links fl using jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) p
    where fl.undone_at is null and fl.kind = p->>'kind'
      and fl.from_filing_id = (p->>'fromId')::int8 and fl.to_filing_id = (p->>'toId')::int8`);
}

export async function undoLink(
  db: Db,
  { linkId, adminUserId }: { linkId: number; adminUserId: string },
): Promise<{ id: number; undone_at: Date } | null> {
  const rows = await db.execute<{ id: number; undone_at: Date }>(sql`
    update filing_links set undone_at = coalesce(undone_at, now()), undone_by = coalesce(undone_by, ${adminUserId}::uuid)
    where id = ${linkId}
    returning id::float8 as id, undone_at`);
  return rows[0] ?? null;
}

export interface LinkRow extends Record<string, unknown> {
  id: number;
  kind: string;
  from_filing_id: number;
  to_filing_id: number;
  matched: LinkWhy;
  created_at: Date;
}

export interface NodeRow extends Record<string, unknown> {
  id: number;
  accession_no: string;
  form_type: string;
  filed_at: Date;
  filed_date_unknown: boolean;
  importance: string;
  one_liner: string;
  link: string | null;
  period_of_report: string | null;
}

const NODE_COLUMNS = sql`f.id::float8 as id, f.accession_no, f.form_type, f.filed_at,
  ${filedDateUnknownSql('f')} as filed_date_unknown, f.importance, f.one_liner,
  coalesce(f.primary_doc_url, f.index_url) as link, f.period_of_report::text as period_of_report`;

/** The company's live links (newest first, at most `limit`), their filings, and NT notices no report has followed yet. */
export async function companyThreads(
  db: Db,
  { cik, limit }: { cik: number; limit: number },
): Promise<{ links: LinkRow[]; nodes: NodeRow[]; notices: NodeRow[] }> {
  const links = await db.execute<LinkRow>(sql`
    select id::float8 as id, kind, from_filing_id::float8 as from_filing_id, to_filing_id::float8 as to_filing_id, matched, created_at
    from filing_links where cik = ${cik} and undone_at is null
    order by created_at desc, id desc limit ${limit}`);
  const notices = await db.execute<NodeRow>(sql`
    select ${NODE_COLUMNS} from filings f
    where f.cik = ${cik} and upper(f.form_type) in ('NT 10-K', 'NT 10-Q')
      and not exists (select 1 from filings r where r.cik = f.cik and upper(r.form_type) = substr(upper(f.form_type), 4) and r.filed_at > f.filed_at)
    order by f.filed_at desc limit 20`);
  const ids = [...new Set(links.flatMap((l) => [Number(l.from_filing_id), Number(l.to_filing_id)]))];
  const nodes = ids.length
    ? await db.execute<NodeRow>(sql`select ${NODE_COLUMNS} from filings f where f.id = any(${sql.param(ids)}::int8[])`)
    : [];
  return { links: [...links], nodes: [...nodes], notices: [...notices] };
}

/** Live links into a filing, with the earlier filing's form and time (for "follows the Form 144 of May 2"). */
export async function linksInto(
  db: Db,
  { filingIds }: { filingIds: number[] },
): Promise<{ to_filing_id: number; kind: string; form_type: string; filed_at: Date }[]> {
  if (filingIds.length === 0) return [];
  const rows = await db.execute<{ to_filing_id: number; kind: string; form_type: string; filed_at: Date }>(sql`
    select fl.to_filing_id::float8 as to_filing_id, fl.kind, f.form_type, f.filed_at
    from filing_links fl join filings f on f.id = fl.from_filing_id
    where fl.to_filing_id = any(${sql.param(filingIds)}::int8[]) and fl.undone_at is null
    order by f.filed_at desc`);
  return rows.map((r) => ({ ...r, to_filing_id: Number(r.to_filing_id), filed_at: new Date(r.filed_at) }));
}
