/** SQL of the filings domain. Every function takes a db handle or transaction first. */
import { isProSql } from '../alerts/match.repo';
import { and, desc, eq, getTableColumns, inArray, lte, type SQLWrapper, sql } from 'drizzle-orm';
import { CHANNELS } from '../../db/channels';
import type { Db } from '../../db/client';
import type { MarketValueInputs } from './market-value';
import { edgarBackfills, filingAnalyses, filings, insiderTransactions } from '../../db/schema';

/** Which of these accession numbers are already stored. */
export async function storedAccessions(db: Db, { accessionNos }: { accessionNos: string[] }): Promise<Set<string>> {
  if (accessionNos.length === 0) return new Set();
  const rows = await db
    .select({ a: filings.accessionNo })
    .from(filings)
    .where(inArray(filings.accessionNo, accessionNos));
  return new Set(rows.map((r) => r.a));
}

// Every column spelled out (select types, not insert types): insertFilings sends JSON, where a
// missing value becomes null, not the column's default.
/** An insider row before its filing has an id; the ticker follows the filing's resolved one. */
export type PendingInsiderRow = Omit<typeof insiderTransactions.$inferSelect, 'id' | 'filingId' | 'ticker'>;
export type PendingFiling = Omit<
  typeof filings.$inferSelect,
  'id' | 'storedAt' | 'updatedAt' | 'reviewedAt' | 'reviewReason' | 'rulesImportance'
>;

/** [property, column] pairs written by insertFilings (identity and stored/updated defaults left out). */
function columnPairs(table: typeof filings | typeof insiderTransactions, skip: string[]): [string, string][] {
  return Object.entries(getTableColumns(table))
    .filter(([key]) => !skip.includes(key))
    .map(([key, column]) => [key, column.name]);
}
const FILING_COLUMNS = columnPairs(filings, ['id', 'storedAt', 'updatedAt']);
const INSIDER_COLUMNS = columnPairs(insiderTransactions, ['id', 'filingId', 'ticker']);

/**
 * Rows as JSON under their column names: one parameter per table whatever the row count. Null
 * columns are left out (json_populate_recordset reads a missing key as null): fewer bytes to send.
 */
function rowsJson(rows: object[], columns: [string, string][]): string {
  return JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, name] of columns) {
        const value = (row as Record<string, unknown>)[key];
        if (value != null) out[name] = value;
      }
      return out;
    }),
  );
}

const quoted = (columns: [string, string][], prefix = '') => columns.map(([, name]) => `${prefix}"${name}"`).join(', ');
const FILING_SELECT = FILING_COLUMNS.map(([key, name]) =>
  // The catalogue's ticker for the CIK (the document's own class first: GOOG vs GOOGL, else the
  // shortest), else the symbol the document names; resolved in the insert, not a round trip each.
  key === 'ticker'
    ? `case when i.cik is null then i.ticker else coalesce((select t.ticker from tickers t where t.cik = i.cik
         order by (t.ticker = coalesce(i.ticker, '')) desc, length(t.ticker), t.ticker limit 1), i.ticker) end`
    : `i."${name}"`,
).join(', ');
/** The statement around its two JSON parameters (filings, insider rows): one text, one prepared statement. */
const [INSERT_HEAD, INSERT_MIDDLE, INSERT_TAIL] = [
  `with ins as (
    insert into filings (${quoted(FILING_COLUMNS)})
    select ${FILING_SELECT} from json_populate_recordset(null::filings, `,
  `::json) i
    on conflict (accession_no) do nothing
    -- An amendment stored before this original waits to be linked (linkOrphanAmendmentsOf): the
    -- common answer, none, costs no further round trip. A scalar subquery with LIMIT, not EXISTS:
    -- the planner may hash an EXISTS over every unlinked filing; this probes the (cik, form_type) index.
    returning id, accession_no, ticker, (select true from filings o where o.cik = filings.cik
      and o.form_type = filings.form_type || '/A' and o.amends_filing_id is null limit 1) is not null as waiting_amendment
  ), tx as (
    insert into insider_transactions (filing_id, ticker, ${quoted(INSIDER_COLUMNS)})
    select ins.id, ins.ticker, ${quoted(INSIDER_COLUMNS, 'r.')}
    from json_populate_recordset(null::insider_transactions, `,
  `::json) r join ins on ins.accession_no = r.accession_no
    on conflict do nothing
  )
  select id, accession_no, ticker, waiting_amendment from ins`,
].map((text) => sql.raw(text));

/**
 * Filings and their insider rows in one statement (the ticker resolved inside it). Accessions
 * already stored are skipped with their rows; returns what was inserted, and whether an earlier
 * stored amendment of it waits unlinked (amendments inserted by this same statement are not seen).
 */
export async function insertFilings(
  db: Db,
  { filings: rows, insiderRows }: { filings: PendingFiling[]; insiderRows: PendingInsiderRow[] },
): Promise<{ id: number; accessionNo: string; ticker: string | null; waitingAmendment: boolean }[]> {
  if (rows.length === 0) return [];
  const out = await db.execute<{
    id: string | number;
    accession_no: string;
    ticker: string | null;
    waiting_amendment: boolean;
  }>(
    sql`${INSERT_HEAD}${rowsJson(rows, FILING_COLUMNS)}${INSERT_MIDDLE}${rowsJson(insiderRows, INSIDER_COLUMNS)}${INSERT_TAIL}`,
  );
  return out.map((r) => ({
    id: Number(r.id),
    accessionNo: r.accession_no,
    ticker: r.ticker,
    waitingAmendment: r.waiting_amendment,
  }));
}

/** Ids of stored accessions (those a batch found already there). */
export async function filingIdsByAccession(
  db: Db,
  { accessionNos }: { accessionNos: string[] },
): Promise<Map<string, number>> {
  if (accessionNos.length === 0) return new Map();
  const rows = await db
    .select({ id: filings.id, a: filings.accessionNo })
    .from(filings)
    .where(inArray(filings.accessionNo, accessionNos));
  return new Map(rows.map((r) => [r.a, r.id]));
}

export interface StoredOriginal {
  id: number;
  accessionNo: string;
  cik: number;
  formType: string;
  filerCik: number | null;
  period: string | null;
}

/**
 * Originals arriving after their amendments (backfill order) adopt them. A read finds the pairs
 * first, so the usual batch (no waiting amendment) runs no UPDATE at all.
 */
export async function linkOrphanAmendmentsOf(db: Db, { originals }: { originals: StoredOriginal[] }): Promise<void> {
  if (originals.length === 0) return;
  // LATERAL with LIMIT: one probe of filings_cik_form_filed_idx per original. A plain join let the
  // planner hash-join the whole filings table for each batch.
  const pairs = await db.execute<{ orphan_id: string | number; id: number; accession_no: string }>(sql`
    select distinct on (o.id) o.id as orphan_id, n.id, n."accessionNo" as accession_no
    from json_to_recordset(${JSON.stringify(originals)}::json)
      as n(id bigint, "accessionNo" text, cik int, "formType" text, "filerCik" int, period date)
    cross join lateral (
      select f.id from filings f
      where f.cik = n.cik and f.form_type = n."formType" || '/A' and f.amends_filing_id is null
        and (n."filerCik" is null or f.filer_cik = n."filerCik") and (n.period is null or f.period_of_report = n.period)
      limit 1000
    ) o
    order by o.id, n.id`);
  if (pairs.length === 0) return;
  await db.execute(sql`
    update filings f set amends_filing_id = p.id, amends_accession_no = p.accession_no, updated_at = now()
    from json_to_recordset(${JSON.stringify(pairs.map((p) => ({ orphan_id: Number(p.orphan_id), id: Number(p.id), accession_no: p.accession_no })))}::json)
      as p(orphan_id bigint, id bigint, accession_no text)
    where f.id = p.orphan_id`);
}

/** Legal forms and spaces, after punctuation became spaces: what a name's key leaves out (as migration 0045). */
const NAME_KEY_DROPS = String.raw`\m(THE|INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|COMPANIES|LTD|LIMITED|LLC|LP|PLC|NV|SA|AG|SE|L|P|N|V|S|A)\M|\s`;

/** A name's words in capitals, legal forms aside: "FedEx Corporation", "FEDEX CORP" and "Fedex Corp." are one name. */
const nameKey = (name: SQLWrapper) =>
  sql`regexp_replace(regexp_replace(upper(${name}), '[^A-Z0-9]+', ' ', 'g'), ${NAME_KEY_DROPS}, '', 'g')`;

/**
 * The names companies write on their own covers (filings.store.ts writtenCompanyName), as of the filing's date: a
 * filing older than the one that gave the stored name changes nothing. A cover only spells the company's current name
 * its own way: a filing made under a name EDGAR no longer gives the company (1996's "APPLE COMPUTER INC" for today's
 * "Apple Inc.", a backfilled "FACEBOOK INC" for "Meta Platforms, Inc.") never names it. The words are compared with
 * legal forms aside, since the company's row may hold a name typed by an admin ("FedEx Corporation" for FEDEX CORP).
 */
export async function setCompanyDisplayNames(
  db: Db,
  { names }: { names: { cik: number; name: string; conformed: string; filedAt: Date }[] },
): Promise<number[]> {
  if (names.length === 0) return [];
  // `before` is the row as it was (the statement's snapshot): a newer cover with the same name renames nothing.
  const rows = await db.execute<{ cik: number; renamed: boolean }>(sql`
    update companies c set display_name = v.name, display_name_at = v.filed::timestamptz, updated_at = now()
    from unnest(${sql.param(names.map((n) => n.cik))}::int[], ${sql.param(names.map((n) => n.name))}::text[],
      ${sql.param(names.map((n) => n.conformed))}::text[],
      ${sql.param(names.map((n) => n.filedAt.toISOString()))}::text[]) v(cik, name, conformed, filed),
      companies before
    where c.cik = v.cik and before.cik = v.cik and ${nameKey(sql`c.name`)} = ${nameKey(sql`v.conformed`)}
      and (c.display_name_at is null or c.display_name_at <= v.filed::timestamptz)
      and (c.display_name, c.display_name_at) is distinct from (v.name, v.filed::timestamptz)
    returning c.cik, before.display_name is distinct from v.name as renamed`);
  return rows.filter((r) => r.renamed).map((r) => r.cik);
}

/**
 * The name the company's own cover writes (setCompanyDisplayNames), when it has the words of `conformed`, the name the
 * filing is made under: a company renamed since gets nothing for a filing under its old name.
 */
export async function storedCoverName(db: Db, { cik, conformed }: { cik: number; conformed: string }) {
  const [row] = await db.execute<{ name: string }>(sql`
    select display_name as name from companies
    where cik = ${cik} and display_name is not null and ${nameKey(sql`display_name`)} = ${nameKey(sql`${conformed}::text`)}`);
  return row?.name ?? null;
}

/** NOTIFY filing_scored '<id>' for each id, in order, in one statement (after the storing commit). */
export async function notifyFilingsScored(db: Db, { ids }: { ids: number[] }): Promise<void> {
  if (ids.length > 0)
    await db.execute(
      sql`select pg_notify(${CHANNELS.filingScored.name}, x) from json_array_elements_text(${JSON.stringify(ids.map(String))}::json) x`,
    );
}

/** Of these tickers, those a PRO (or admin) user watches: only their filings get the AI analysis. */
export async function proWatchedTickers(db: Db, { tickers }: { tickers: string[] }): Promise<Set<string>> {
  if (tickers.length === 0) return new Set();
  const rows = await db.execute<{ ticker: string }>(sql`
    select distinct w.ticker from watchlist_items w join users u on u.id = w.user_id
    where w.ticker in (select json_array_elements_text(${JSON.stringify(tickers)}::json))
      and ${isProSql('u')}`);
  return new Set(rows.map((r) => r.ticker));
}

/** A filing's ticker and its page on sec.gov (primary document, else index); undefined when there is no such filing. */
export async function filingTickerAndLink(
  db: Db,
  { id }: { id: number },
): Promise<{ ticker: string | null; link: string | null } | undefined> {
  const [row] = await db
    .select({
      ticker: filings.ticker,
      link: sql<string | null>`coalesce(${filings.primaryDocUrl}, ${filings.indexUrl})`,
    })
    .from(filings)
    .where(eq(filings.id, id));
  return row;
}

/** Display names of insiders who bought in the open market (P) at this issuer within the window. */
/** Owners of other filings' open-market purchases (code P) of the issuer in the window, per filing. */
export async function openMarketBuyers(
  db: Db,
  { issuerCik, from, to, excludeAccession }: { issuerCik: number; from: string; to: string; excludeAccession: string },
): Promise<{ accession_no: string; owner_cik: number | null; name: string }[]> {
  return db.execute<{ accession_no: string; owner_cik: number | null; name: string }>(sql`
    select distinct accession_no, owner_cik, owner_display_name as name from insider_transactions
    where issuer_cik = ${issuerCik} and code = 'P' and not is_holding
      and transaction_date between ${from}::date and ${to}::date
      and accession_no <> ${excludeAccession}`);
}

/**
 * One insider's stored history at a company before a date: the months of their open-market trades
 * (code P or S) and the earliest trade date stored for them there (how far back the history reaches).
 */
export async function insiderTradeHistory(
  db: Db,
  {
    issuerCik,
    ownerCik,
    before,
    excludeAccession,
  }: { issuerCik: number; ownerCik: number; before: string; excludeAccession: string },
): Promise<{ tradeMonths: string[]; coveredFrom: string | null }> {
  const rows = await db.execute<{ months: string[] | null; covered_from: string | null }>(sql`
    select array_agg(distinct to_char(transaction_date, 'YYYY-MM')) filter (where code in ('P', 'S')) as months,
      min(transaction_date)::text as covered_from
    from insider_transactions
    where issuer_cik = ${issuerCik} and owner_cik = ${ownerCik} and not is_holding
      and transaction_date < ${before}::date and accession_no <> ${excludeAccession}`);
  return { tradeMonths: rows[0]?.months ?? [], coveredFrom: rows[0]?.covered_from ?? null };
}

/** The same filer's latest earlier 13D/13G percent on this subject company. */
export async function previousStakePercent(
  db: Db,
  { subjectCik, filerCik, before }: { subjectCik: number; filerCik: number; before: Date },
): Promise<number | null> {
  const rows = await db.execute<{ pct: string | null }>(sql`
    select details->>'percentOfClass' as pct from filings
    where cik = ${subjectCik} and filer_cik = ${filerCik} and form_type ~ '13[DG]'
      and filed_at < ${before.toISOString()}::timestamptz and details->>'percentOfClass' is not null
    order by filed_at desc limit 1`);
  const pct = rows[0]?.pct;
  return pct != null ? Number(pct) : null;
}

/** The filing an amendment amends: same company and base form (and filer / period when known). */
export async function findAmendedFiling(
  db: Db,
  {
    cik,
    baseForm,
    filerCik,
    period,
    before,
  }: { cik: number; baseForm: string; filerCik: number | null; period: string | null; before: Date },
): Promise<{ id: number; accessionNo: string } | null> {
  const [row] = await db
    .select({ id: filings.id, accessionNo: filings.accessionNo })
    .from(filings)
    .where(
      and(
        eq(filings.cik, cik),
        eq(filings.formType, baseForm),
        lte(filings.filedAt, before),
        filerCik != null ? eq(filings.filerCik, filerCik) : undefined,
        period != null ? eq(filings.periodOfReport, period) : undefined,
      ),
    )
    .orderBy(desc(filings.filedAt))
    .limit(1);
  return row ?? null;
}

export async function getFilingById(db: Db, { id }: { id: number }) {
  const [row] = await db.select().from(filings).where(eq(filings.id, id)).limit(1);
  return row ?? null;
}

export async function getAnalysis(db: Db, { filingId }: { filingId: number }) {
  const [row] = await db.select().from(filingAnalyses).where(eq(filingAnalyses.filingId, filingId)).limit(1);
  return row ?? null;
}

export async function saveAnalysis(
  db: Db,
  params: { filingId: number; model: string; summary: string; latencyMs: number },
): Promise<void> {
  await db.insert(filingAnalyses).values(params).onConflictDoNothing();
}

export async function isBackfilled(db: Db, { cik }: { cik: number }): Promise<boolean> {
  const rows = await db
    .select({ cik: edgarBackfills.cik })
    .from(edgarBackfills)
    .where(eq(edgarBackfills.cik, cik))
    .limit(1);
  return rows.length > 0;
}

export async function recordBackfill(
  db: Db,
  params: { cik: number; status: 'done' | 'failed'; filingsQueued: number; error?: string | null },
): Promise<void> {
  await db
    .insert(edgarBackfills)
    .values({ ...params, error: params.error ?? null })
    .onConflictDoUpdate({
      target: edgarBackfills.cik,
      set: { ...params, error: params.error ?? null, completedAt: new Date() },
    });
}

/**
 * What the company's market value on `day` is computed from (market-value.ts): the latest quote of
 * its largest listed line (by CIK, or one ticker), and that ticker's stored close on or before `day`.
 */
export async function marketValueInputs(
  db: Db,
  { cik, ticker, day }: { cik?: number; ticker?: string; day: string },
): Promise<MarketValueInputs | null> {
  const which = cik != null ? sql`t.cik = ${cik}` : sql`q.ticker = ${ticker ?? null}`;
  const [row] = await db.execute<{
    market_cap: number;
    price: number | null;
    quoted_ms: number;
    adjustment: string | null;
    close_day: string | null;
    close: number | null;
  }>(sql`
    select q.market_cap, q.price, extract(epoch from coalesce(q.market_time, q.fetched_at)) * 1000 as quoted_ms, s.adjustment,
      b.day::text as close_day, b.close
    from quotes q left join tickers t on t.ticker = q.ticker
    left join price_history_sources s on s.ticker = q.ticker
    left join lateral (
      select day, close from price_bars p where p.ticker = q.ticker and p.day <= ${day}::date order by day desc limit 1
    ) b on true
    where ${which} and q.market_cap is not null
    order by q.market_cap desc limit 1`);
  if (!row) return null;
  return {
    marketCap: Number(row.market_cap),
    price: row.price == null ? null : Number(row.price),
    quotedAt: new Date(Number(row.quoted_ms)),
    closeDay: row.close_day,
    close: row.close == null ? null : Number(row.close),
    adjustment: row.adjustment,
  };
}

/** Watched companies (by CIK) never backfilled. */
export async function watchedCiksWithoutBackfill(db: Db): Promise<number[]> {
  const rows = await db.execute<{ cik: number }>(sql`
    select distinct t.cik from watchlist_items w join tickers t on t.ticker = w.ticker
    where not exists (select 1 from edgar_backfills b where b.cik = t.cik)`);
  return rows.map((r) => Number(r.cik));
}

/** The original an amendment names by accession (Schedule 13D/G XML: previousAccessionNumber). */
export async function filingByAccession(
  db: Db,
  { accessionNo }: { accessionNo: string },
): Promise<{ id: number; accessionNo: string } | null> {
  const [row] = await db
    .select({ id: filings.id, accessionNo: filings.accessionNo })
    .from(filings)
    .where(eq(filings.accessionNo, accessionNo))
    .limit(1);
  return row ?? null;
}

/** A stored filing's form, New York filing day and parsed details, for comparing an amendment with it. */
export async function originalFiling(
  db: Db,
  { id }: { id: number },
): Promise<{ formType: string; filedDay: string | null; details: unknown } | null> {
  const [row] = await db
    .select({
      formType: filings.formType,
      filedDay: sql<string | null>`(${filings.filedAt} at time zone 'America/New_York')::date::text`,
      details: filings.details,
    })
    .from(filings)
    .where(eq(filings.id, id))
    .limit(1);
  return row ?? null;
}

/** CIKs of every company on any watchlist (the safety net's and reconciliation's scope). */
export async function watchedCiks(db: Db): Promise<number[]> {
  const rows = await db.execute<{ cik: number }>(sql`
    select distinct t.cik from watchlist_items w join tickers t on t.ticker = w.ticker where t.cik is not null order by 1`);
  return rows.map((r) => Number(r.cik));
}

export interface ReconciliationRow {
  day: string;
  source: 'daily_index' | 'submissions';
  listed: number;
  detectedBefore: number;
  missed: string[];
}

export async function reconciled(db: Db, { day, source }: { day: string; source: string }): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from edgar_reconciliations where day = ${day}::date and source = ${source}`,
  );
  return rows.length > 0;
}

export async function recordReconciliation(db: Db, r: ReconciliationRow): Promise<void> {
  await db.execute(sql`
    insert into edgar_reconciliations (day, source, listed, detected_before, missed, recall)
    values (${r.day}::date, ${r.source}, ${r.listed}, ${r.detectedBefore}, ${sql.param(r.missed)}::text[],
      ${r.listed > 0 ? r.detectedBefore / r.listed : null}::real)
    on conflict (day, source) do nothing`);
}
