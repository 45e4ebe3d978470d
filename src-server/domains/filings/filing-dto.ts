/**
 * A stored filing as every JSON answer carries it (SPEC.md section 3, snake_case): watchlist
 * items, `filings.live` events and ticker-page timelines build on this one shape and mapper.
 */
import { type SQL, sql } from 'drizzle-orm';

export interface FilingDto {
  id: number;
  accession_no: string;
  /** EDGAR's form name ('8-K/A', 'SC 13G'); form_type repeats it for older clients. */
  form: string;
  form_type: string;
  importance: string;
  reasons: string[];
  one_liner: string;
  summary_text: string | null;
  /** The filed instant; when filed_date_unknown, only the reported period's end, which orders lists. */
  filed_at: string;
  /**
   * No filing date is recorded (a bare report without SEC header): filed_at must not be shown as its
   * filing date. A field added beside SPEC.md's filed_at rather than a change of it (decision 369).
   */
  filed_date_unknown: boolean;
  updated_at: string;
  /** JSON string: executiveName, executiveTitle, insiderCik, isDisposition, sharesTraded. */
  insider_data: string | null;
  /** Forms 3/4/5: dollar value of the headline transaction's rows (first owner, priced rows); null otherwise. */
  insider_value: number | null;
  insider_cik: string | null;
  executive_names: string[];
  data_incomplete: boolean;
  /** An admin reviewed the importance by hand (shown as "reviewed"). */
  reviewed: boolean;
  /** The primary document on sec.gov, else the filing index. */
  link: string | null;
}

/** The columns a FilingDto is made of, as FILING_DTO_COLUMNS selects them (times as epoch milliseconds). */
export interface FilingDtoSource extends Record<string, unknown> {
  id: number;
  accession_no: string;
  form_type: string;
  importance: string;
  reasons: unknown;
  one_liner: string;
  summary_text: string | null;
  filed_ms: number;
  filed_date_unknown: boolean;
  updated_ms: number;
  insider_data: unknown;
  insider_value?: number | null;
  insider_cik: string | null;
  executive_names: string[] | null;
  data_incomplete: boolean;
  reviewed: boolean;
  primary_doc_url: string | null;
  index_url: string | null;
}

/**
 * Whether the stored filing `alias` has no recorded filing date: filings.store.ts sets details.filedDateUnknown on a
 * bare report it keeps at its period end (filed_at then only orders). One expression for every read that shows a date.
 */
const filedDateUnknownText = (alias: string): string =>
  `coalesce((${alias}.details->>'filedDateUnknown')::boolean, false)`;
export const filedDateUnknownSql = (alias: string): SQL => sql.raw(filedDateUnknownText(alias));

/** Select list of FilingDtoSource from `filings f`. */
export const FILING_DTO_COLUMNS = sql.raw(`f.id::float8 as id, f.accession_no, f.form_type, f.importance, f.reasons,
  f.one_liner, f.summary_text, (extract(epoch from f.filed_at) * 1000)::float8 as filed_ms,
  ${filedDateUnknownText('f')} as filed_date_unknown,
  (extract(epoch from f.updated_at) * 1000)::float8 as updated_ms,
  f.insider_data, f.insider_cik, f.executive_names, f.data_incomplete, f.reviewed_at is not null as reviewed, f.primary_doc_url, f.index_url,
  (select sum(t.value) from insider_transactions t where f.insider_data is not null and t.filing_id = f.id
    and t.owner_index = 0 and not t.is_holding and t.table_kind = 'non_derivative'
    and t.code = f.insider_data->>'transactionCode')::float8 as insider_value`);

export function toFilingDto(row: FilingDtoSource): FilingDto {
  return {
    id: row.id,
    accession_no: row.accession_no,
    form: row.form_type,
    form_type: row.form_type,
    importance: row.importance,
    reasons: Array.isArray(row.reasons) ? (row.reasons as string[]) : [],
    one_liner: row.one_liner,
    summary_text: row.summary_text,
    filed_at: new Date(row.filed_ms).toISOString(),
    filed_date_unknown: row.filed_date_unknown === true,
    updated_at: new Date(row.updated_ms).toISOString(),
    insider_data: row.insider_data == null ? null : JSON.stringify(row.insider_data),
    insider_value: row.insider_value ?? null,
    insider_cik: row.insider_cik,
    executive_names: row.executive_names ?? [],
    data_incomplete: row.data_incomplete,
    reviewed: row.reviewed === true,
    link: row.primary_doc_url ?? row.index_url,
  };
}
