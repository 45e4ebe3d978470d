/**
 * What a simulated EDGAR knows at a given instant: every filing with the moment each public
 * source shows it (the latest-filings feed, the full-text index, submissions JSON, the archive),
 * and the answers of those sources at "now". The HTTP layer (replay/replay-server.ts) serves
 * them under EDGAR's own paths; the replay of recorded filings and the simulated day share it.
 */
import { nyDate, nyInstant } from '#shared/us-calendar';
import { easternIso } from '../replay/atom-writer';

export type FeedRole = 'Filer' | 'Issuer' | 'Reporting' | 'Subject' | 'Filed by';

export interface SimParty {
  cik: number;
  name: string;
  role: FeedRole;
}

export interface SimFiling {
  accessionNo: string;
  formType: string;
  /** The company the archive folder is under (issuer, subject or filer). */
  cik: number;
  companyName: string;
  /** One feed entry per party (a Form 4 is listed for its reporting owner and its issuer). */
  parties: SimParty[];
  /** EDGAR acceptance (epoch ms); null for recorded documents without one. */
  acceptedAt: number | null;
  /** 'YYYY-MM-DD': the dissemination date (a held filing gets the next business day). */
  filingDate: string | null;
  /** Listed in the latest-filings feed from this instant; null: never (dropped). */
  feedAt: number | null;
  /** The feed's sort key: acceptance time (the replay lists in release order instead). */
  feedOrder: number;
  /** The documents can be downloaded from this instant (404 before). */
  archivesAt: number;
  /** Shown by the full-text search index / the company's submissions JSON from; null: never. */
  eftsAt: number | null;
  submissionsAt: number | null;
  sizeBytes: number;
  primaryDocument: string | null;
  /** Files of the accession folder by name (built on first use). */
  files(): Map<string, string>;
}

/** The feed as entries (filing x party), newest first by feedOrder, for the filings listed so far. */
export class FeedIndex {
  private readonly pending: SimFiling[];
  private readonly entries: { order: number; filing: SimFiling; party: SimParty; xml: string | null }[] = [];

  constructor(filings: readonly SimFiling[]) {
    this.pending = filings.filter((f) => f.feedAt != null).sort((a, b) => b.feedAt! - a.feedAt!);
  }

  /** Filings whose feedAt changed after construction (replay releases) are added here. */
  add(filing: SimFiling): void {
    const i = this.pending.indexOf(filing);
    if (i >= 0) this.pending.splice(i, 1);
    this.pending.push(filing);
    this.pending.sort((a, b) => (b.feedAt ?? Infinity) - (a.feedAt ?? Infinity));
  }

  private admit(now: number): void {
    while (this.pending.length > 0 && this.pending[this.pending.length - 1]!.feedAt! <= now) {
      const f = this.pending.pop()!;
      for (const party of f.parties) {
        // Insert keeping newest first; equal keys keep arrival order.
        let lo = 0;
        let hi = this.entries.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (this.entries[mid]!.order >= f.feedOrder) lo = mid + 1;
          else hi = mid;
        }
        this.entries.splice(lo, 0, { order: f.feedOrder, filing: f, party, xml: null });
      }
    }
  }

  page(
    now: number,
    start: number,
    count: number,
    typePrefix: string,
    render: (f: SimFiling, p: SimParty) => string,
  ): string[] {
    this.admit(now);
    const source = typePrefix ? this.entries.filter((e) => e.filing.formType.startsWith(typePrefix)) : this.entries;
    return source.slice(start, start + count).map((e) => (e.xml ??= render(e.filing, e.party)));
  }

  listedCount(now: number): number {
    this.admit(now);
    return this.entries.length;
  }
}

/** EFTS hits (one per document) for filings shown by now, filtered by CIK and filing date. */
export function eftsAnswer(
  filings: readonly SimFiling[],
  now: number,
  q: { ciks: Set<number>; startdt: string; enddt: string; from: number; size: number },
) {
  const matching = filings
    .filter(
      (f) =>
        f.eftsAt != null && f.eftsAt <= now && f.filingDate && f.filingDate >= q.startdt && f.filingDate <= q.enddt,
    )
    .filter((f) => q.ciks.size === 0 || f.parties.some((p) => q.ciks.has(p.cik)))
    .sort(
      (a, b) => (b.filingDate ?? '').localeCompare(a.filingDate ?? '') || b.accessionNo.localeCompare(a.accessionNo),
    );
  const docs = matching.flatMap((f) => {
    const names = [...f.files().keys()].filter((n) => !n.endsWith('.txt') && !n.endsWith('-index-headers.html'));
    return (names.length ? names : [f.primaryDocument ?? `${f.accessionNo}.txt`]).map((name, i) => ({
      f,
      name,
      sequence: i + 1,
    }));
  });
  const total = Math.min(docs.length, 10_000);
  const hits = docs.slice(q.from, Math.min(q.from + Math.min(q.size, 100), total)).map(({ f, name, sequence }) => ({
    _index: 'edgar_file',
    _id: `${f.accessionNo}:${name}`,
    _score: 1,
    _source: {
      ciks: f.parties.map((p) => String(p.cik).padStart(10, '0')),
      display_names: f.parties.map((p) => `${p.name}  (CIK ${String(p.cik).padStart(10, '0')})`),
      root_forms: [f.formType],
      form: f.formType,
      file_type: sequence === 1 ? f.formType : 'EX-99',
      adsh: f.accessionNo,
      file_date: f.filingDate,
      sequence,
      items: [],
    },
  }));
  return {
    took: 3,
    timed_out: false,
    hits: { total: { value: total, relation: docs.length > 10_000 ? 'gte' : 'eq' }, max_score: 1, hits },
  };
}

/** Whether this filer writes New York time with a 'Z' in submissions JSON (181 of 808 S&P 500 CIKs). */
export function fakeZuluFiler(cik: number, share: number): boolean {
  return ((cik * 2654435761) >>> 0) / 4294967296 < share;
}

/** A company's submissions JSON with the filings it shows by now (newest first). */
export function submissionsAnswer(filings: readonly SimFiling[], now: number, cik: number, fakeZuluShare: number) {
  const own = filings
    .filter((f) => f.submissionsAt != null && f.submissionsAt <= now && f.parties.some((p) => p.cik === cik))
    .sort((a, b) => (b.acceptedAt ?? 0) - (a.acceptedAt ?? 0));
  const name = own[0]?.parties.find((p) => p.cik === cik)?.name ?? null;
  if (!name) return null;
  const fake = fakeZuluFiler(cik, fakeZuluShare);
  const acceptance = (ms: number | null) => {
    if (ms == null) return '';
    // The quirk: New York wall-clock time labelled UTC.
    return fake ? `${easternIso(new Date(ms).toISOString()).slice(0, 19)}.000Z` : new Date(ms).toISOString();
  };
  return {
    cik: String(cik),
    entityType: 'operating',
    name,
    tickers: [],
    exchanges: [],
    filings: {
      recent: {
        accessionNumber: own.map((f) => f.accessionNo),
        filingDate: own.map((f) => f.filingDate ?? ''),
        reportDate: own.map(() => ''),
        acceptanceDateTime: own.map((f) => acceptance(f.acceptedAt)),
        form: own.map((f) => f.formType),
        primaryDocument: own.map((f) => f.primaryDocument ?? ''),
        items: own.map(() => ''),
        size: own.map((f) => f.sizeBytes),
      },
      files: [],
    },
  };
}

/** The daily master index of `date`, published at 22:45 ET that day; null before. */
export function dailyIndexAnswer(filings: readonly SimFiling[], now: number, date: string): string | null {
  if (now < nyInstant(date, 22 * 3600 + 45 * 60)) return null;
  const rows = filings
    .filter((f) => f.filingDate === date && f.acceptedAt != null)
    .flatMap((f) =>
      f.parties
        .filter((p, i, all) => all.findIndex((q) => q.cik === p.cik) === i)
        .map(
          (p) => `${p.cik}|${p.name}|${f.formType}|${date.replace(/-/g, '')}|edgar/data/${p.cik}/${f.accessionNo}.txt`,
        ),
    )
    .sort();
  const d = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return [
    'Description:           Daily Index of EDGAR Dissemination Feed',
    `Last Data Received:    ${d}`,
    'Comments:              webmaster@sec.gov',
    'Anonymous FTP:         ftp://ftp.sec.gov/edgar/',
    '',
    'CIK|Company Name|Form Type|Date Filed|File Name',
    '-'.repeat(80),
    ...rows,
    '',
  ].join('\n');
}

export { nyDate };
