/** How tier 0 writes numbers, days and links (the checker reads the same forms back). */
import { FILED_DATE_NOT_RECORDED, FILED_DATE_NOT_RECORDED_INLINE } from '#shared/filed-date';
import { nyDay } from './time-phrases';
import type { Fact, FactSource } from './contract';

export function fmtNumber(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function fmtMoney(n: number): string {
  return `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The New York calendar day of an ISO instant (EDGAR's filing day); a bare day ('2025-01-30', a filing date) is one. */
export function dayOf(isoInstant: string | null): string | null {
  if (!isoInstant) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(isoInstant)) return isoInstant;
  const d = nyDay(new Date(isoInstant));
  return `${d.year}-${String(d.month0 + 1).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function viewUrl(ticker: string | null, filingId: number | null): string | null {
  return ticker && filingId != null ? `/ticker/${encodeURIComponent(ticker)}#filing-${filingId}` : null;
}

export function source(
  hit: {
    id?: number | null;
    accession_no: string;
    form_type: string;
    filed_at: string;
    filed_date_unknown?: boolean | null;
    accepted_at: string | null;
    url: string | null;
    ticker: string | null;
  },
  at: { item?: string | null; row?: string | null } = {},
): FactSource {
  return {
    accessionNo: hit.accession_no,
    form: hit.form_type,
    filedAt: hit.filed_at,
    ...(hit.filed_date_unknown ? { filedDateUnknown: true } : {}),
    acceptedAt: hit.accepted_at,
    item: at.item ?? null,
    row: at.row ?? null,
    url: hit.url,
    viewUrl: viewUrl(hit.ticker, hit.id ?? null),
  };
}

type Filed = { filed_at: string; filed_date_unknown?: boolean | null };

/** The filed day in a sentence ("2025-01-30"), or "filing date not recorded" when filed_at is only a period end. */
export const filedDayText = (h: Filed): string =>
  h.filed_date_unknown ? FILED_DATE_NOT_RECORDED_INLINE : (dayOf(h.filed_at) ?? '');

let counter = 0;
export function fact(label: string, value: string | number, unit: string | null, src: FactSource): Fact {
  counter = (counter + 1) % 1_000_000;
  return { id: `f${counter}`, label, value, unit, source: src };
}

/** A "<form> filed" fact: its day, or the wording without a date when none is recorded. */
export function filedFact(label: string, h: Filed, src: FactSource): Fact {
  return h.filed_date_unknown
    ? fact(label, FILED_DATE_NOT_RECORDED, null, src)
    : fact(label, dayOf(h.filed_at) ?? '', 'date', src);
}

/** Renumbers fact ids f1..fn in answer order (stable ids for the model's and the UI's references). */
export function renumber(facts: Fact[]): Fact[] {
  return facts.map((f, i) => ({ ...f, id: `f${i + 1}` }));
}

export function cite(accessionNo: string, item?: string | null): string {
  return `[[acc:${accessionNo}${item ? `#${item}` : ''}]]`;
}
