import { importanceFromRank, type Importance } from '#shared/importance';
import { toFilingDto, type FilingDto, type FilingDtoSource } from '../filings/filing-dto';

/** Filings listed per watchlist item (newest first, followed forms only). */
export const RECENT_FILINGS_PER_ITEM = 3;
/** Newest filings per company whose (stored_at, importance, form) are kept for unseen counts. */
export const UNSEEN_WINDOW = 200;

/** One filing row as the digest query returns it: a FilingDto's columns plus company and catalogue form. */
export interface DigestFilingRow extends FilingDtoSource {
  cik: number;
  catalogue_form: string;
}

export interface DigestMarkRow extends Record<string, unknown> {
  cik: number;
  /** Microseconds since the epoch. */
  stored_us: number;
  rank: number;
  form: string;
}

interface Mark {
  storedUs: number;
  rank: number;
  form: string;
}

interface RecentFiling {
  filedMs: number;
  id: number;
  dto: FilingDto;
}

/** What the watchlist needs of one company's filings, shared by every user who watches it. */
export interface FilingDigest {
  version: number;
  /** Newest RECENT_FILINGS_PER_ITEM filings per catalogue form, newest first. */
  recentByForm: Map<string, RecentFiling[]>;
  /** The newest UNSEEN_WINDOW filings by stored_at, newest first. */
  marks: Mark[];
  /** True when `marks` holds every tracked filing of the company. */
  complete: boolean;
}

/** Groups digest rows per company. Every requested CIK gets a digest, empty when it has no filings. */
export function buildDigests(params: {
  versions: Map<number, number>;
  recent: DigestFilingRow[];
  marks: DigestMarkRow[];
}): Map<number, FilingDigest> {
  const digests = new Map<number, FilingDigest>();
  for (const [cik, version] of params.versions)
    digests.set(cik, { version, recentByForm: new Map(), marks: [], complete: true });
  for (const row of params.recent) {
    const digest = digests.get(row.cik);
    if (!digest) continue;
    const list = digest.recentByForm.get(row.catalogue_form) ?? [];
    list.push({ filedMs: row.filed_ms, id: row.id, dto: toFilingDto(row) });
    digest.recentByForm.set(row.catalogue_form, list);
  }
  for (const row of params.marks) {
    const digest = digests.get(row.cik);
    if (!digest) continue;
    if (digest.marks.length < UNSEEN_WINDOW)
      digest.marks.push({ storedUs: row.stored_us, rank: row.rank, form: row.form });
    else digest.complete = false;
  }
  return digests;
}

export interface ItemFilingSummary {
  unseen_filings_count: number;
  highest_importance: Importance | null;
  /** The latest filing's filed_at; only its period end when last_filing_date_unknown. */
  last_filing_date: string | null;
  /** The latest filing has no recorded filing date: last_filing_date orders, it is not to be shown (decision 369). */
  last_filing_date_unknown: boolean;
  latest_filing_link: string | null;
  latest_one_liner: string | null;
  recent_filings: FilingDto[];
  /** The unseen tail is longer than the digest window: count it exactly in SQL. */
  overflow: boolean;
}

const newestFirst = (a: RecentFiling, b: RecentFiling) => b.filedMs - a.filedMs || b.id - a.id;

/**
 * One item's filing fields: only filings of its followed forms; unseen = stored after the item's
 * seen_at (microseconds since the epoch; null = never opened).
 */
export function summariseItem(
  digest: FilingDigest | undefined,
  params: { forms: readonly string[]; seenUs: number | null },
): ItemFilingSummary {
  const followed = new Set(params.forms);
  const recent: RecentFiling[] = [];
  for (const form of followed) recent.push(...(digest?.recentByForm.get(form) ?? []));
  recent.sort(newestFirst);
  const recentFilings = recent.slice(0, RECENT_FILINGS_PER_ITEM).map((r) => r.dto);

  let unseen = 0;
  let maxRank = 0;
  let reachedSeen = false;
  for (const mark of digest?.marks ?? []) {
    if (params.seenUs != null && mark.storedUs <= params.seenUs) {
      reachedSeen = true;
      break;
    }
    if (!followed.has(mark.form)) continue;
    unseen += 1;
    if (mark.rank > maxRank) maxRank = mark.rank;
  }
  const latest = recentFilings[0];
  return {
    unseen_filings_count: unseen,
    highest_importance: importanceFromRank(maxRank),
    last_filing_date: latest?.filed_at ?? null,
    last_filing_date_unknown: latest?.filed_date_unknown ?? false,
    latest_filing_link: latest?.link ?? null,
    latest_one_liner: latest?.one_liner ?? null,
    recent_filings: recentFilings,
    overflow: Boolean(digest && !digest.complete && !reachedSeen),
  };
}
