/** Timeline rows and insider rows into the ticker page's filing DTOs (no I/O). */
import type { Receipt } from '#shared/latency-receipt';
import { itemTitle } from '#shared/form8k-items';
import { ownerRoleLabel, transactionCodeWords } from '#shared/insider';
import { toFilingDto, type FilingDto } from '../filings/filing-dto';
import type { Cursor, InsiderRow, TimelineRow } from './ticker-pages.repo';

export type Vote = 'up' | 'down';

/** PRO: the cached text (or none yet); everyone else: a locked teaser saying whether one exists. */
export type AnalysisView =
  | { state: 'ready'; summary: string; model: string; created_at: string; my_vote: Vote | null }
  | { state: 'none' }
  | { state: 'locked'; ready: boolean };

export interface OwnerDto {
  cik: number | null;
  name: string;
  role: string;
  /** /insider/cik/{cik}, else /insider/{name}. */
  href: string;
}

export interface TransactionDto {
  owner_index: number;
  table: 'non_derivative' | 'derivative';
  holding: boolean;
  security: string | null;
  date: string | null;
  code: string | null;
  code_words: string;
  acquired_disposed: 'A' | 'D' | null;
  shares: number | null;
  price: number | null;
  value: number | null;
  shares_after: number | null;
  ownership: 'direct' | 'indirect' | null;
  nature: string | null;
  is_10b5_1: boolean;
  footnotes: { id: string; text: string }[];
  underlying: string | null;
}

export interface TickerFilingDto extends FilingDto {
  catalogue_form: string | null;
  accepted_at: string | null;
  /** Latency receipt: accepted -> listed in EDGAR's feed -> detected -> stored, and by which layer. */
  receipt: Receipt;
  /** Stored after the caller's previous visit to this company's page. */
  is_new: boolean;
  /** 8-K items in words. */
  items: { number: string; title: string }[];
  amends_accession_no: string | null;
  index_url: string | null;
  /** Forms 3/4/5: reporting owners and the table rows (joint filers share the rows, shown once). */
  owners: OwnerDto[];
  transactions: TransactionDto[];
  analysis: AnalysisView;
}

export const encodeCursor = (row: Pick<TimelineRow, 'filed_us' | 'id'>): string => `${row.filed_us}_${row.id}`;

export function decodeCursor(value: string | null | undefined): Cursor | null {
  const match = value ? /^(-?\d{1,17})_(\d{1,15})$/.exec(value) : null;
  return match ? { filedUs: match[1]!, id: Number(match[2]) } : null;
}

export function insiderHref(owner: { cik: number | null; name: string }): string {
  return owner.cik != null ? `/insider/cik/${owner.cik}` : `/insider/${encodeURIComponent(owner.name)}`;
}

function toTransaction(row: InsiderRow): TransactionDto {
  return {
    owner_index: row.owner_index,
    table: row.table_kind,
    holding: row.is_holding,
    security: row.security_title,
    date: row.transaction_date,
    code: row.code,
    code_words: transactionCodeWords(row.is_holding ? null : row.code),
    acquired_disposed: row.acquired_disposed === 'A' || row.acquired_disposed === 'D' ? row.acquired_disposed : null,
    shares: row.shares,
    price: row.price_per_share,
    value: row.value,
    shares_after: row.shares_owned_after,
    ownership: row.direct_indirect === 'D' ? 'direct' : row.direct_indirect === 'I' ? 'indirect' : null,
    nature: row.nature_of_ownership,
    is_10b5_1: row.is_10b5_1,
    footnotes: row.footnotes ?? [],
    underlying: row.underlying_title,
  };
}

/** A filing's owners (each once) and the first owner's rows (the others' are identical copies). */
export function insiderSection(rows: InsiderRow[] | null): { owners: OwnerDto[]; transactions: TransactionDto[] } {
  const owners: OwnerDto[] = [];
  const transactions: TransactionDto[] = [];
  for (const row of rows ?? []) {
    if (owners.length === row.owner_index) {
      const name = row.owner_display_name;
      const role = ownerRoleLabel({
        officerTitle: row.officer_title,
        isOfficer: row.is_officer,
        isDirector: row.is_director,
        isTenPercentOwner: row.is_ten_percent_owner,
        otherText: row.other_text,
      });
      owners.push({ cik: row.owner_cik, name, role, href: insiderHref({ cik: row.owner_cik, name }) });
    }
    if (row.owner_index === 0) transactions.push(toTransaction(row));
  }
  return { owners, transactions };
}

function analysisView(row: TimelineRow, pro: boolean): AnalysisView {
  if (!pro) return { state: 'locked', ready: row.has_analysis };
  if (!row.has_analysis || row.analysis_summary == null) return { state: 'none' };
  return {
    state: 'ready',
    summary: row.analysis_summary,
    model: row.analysis_model ?? '',
    created_at: row.analysis_created_at ?? new Date(row.updated_ms).toISOString(),
    my_vote: row.my_vote === 1 ? 'up' : row.my_vote === -1 ? 'down' : null,
  };
}

export function toTickerFilingDto(row: TimelineRow, options: { pro: boolean }): TickerFilingDto {
  const insider = insiderSection(row.insider_rows);
  return {
    ...toFilingDto(row),
    catalogue_form: row.catalogue_form,
    accepted_at: row.accepted_at,
    receipt: {
      accepted_at: row.accepted_at,
      listed_after: row.listed_after,
      detected_at: row.detected_at,
      stored_at: row.stored_at,
      detected_via: row.detected_via,
    },
    is_new: row.is_new,
    index_url: row.index_url,
    items: (row.items ?? []).map((number) => ({ number, title: itemTitle(number) })),
    amends_accession_no: row.amends_accession_no,
    owners: insider.owners,
    transactions: insider.transactions,
    analysis: analysisView(row, options.pro),
  };
}
