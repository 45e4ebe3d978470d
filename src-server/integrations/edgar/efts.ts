/**
 * EDGAR full-text search (efts.sec.gov/LATEST/search-index): the safety net's source. It lists
 * filings the latest-filings feed missed (datamule: "slower, but complete"), queried for up to 100
 * watched CIKs per URL. Hits are per document, up to 100 a page and 10,000 a query; no acceptance
 * time (the filing's own header gives it).
 */

export interface EftsQuery {
  ciks: number[];
  /** Filing dates, inclusive, 'YYYY-MM-DD'. */
  startdt: string;
  enddt: string;
  from?: number;
  size?: number;
}

export interface EftsFiling {
  accessionNo: string;
  formType: string;
  ciks: number[];
  filedDate: string | null;
  companyName: string | null;
}

export interface EftsPage {
  total: number;
  hits: number;
  filings: EftsFiling[];
}

export const EFTS_PAGE = 100;
export const EFTS_MAX_HITS = 10_000;
export const EFTS_CIKS_PER_QUERY = 100;

export function eftsPath(q: EftsQuery): string {
  const params = new URLSearchParams({
    ciks: q.ciks.map((c) => String(c).padStart(10, '0')).join(','),
    startdt: q.startdt,
    enddt: q.enddt,
    from: String(q.from ?? 0),
    size: String(q.size ?? EFTS_PAGE),
  });
  return `/LATEST/search-index?${params.toString().replace(/%2C/g, ',')}`;
}

interface EftsHit {
  _id?: string;
  _source?: {
    adsh?: string;
    ciks?: string[];
    form?: string;
    root_forms?: string[];
    file_date?: string;
    display_names?: string[];
  };
}

/** One response page, document hits grouped by accession number. */
export function parseEftsPage(json: unknown): EftsPage {
  const hits = ((json as { hits?: { hits?: EftsHit[]; total?: { value?: number } } })?.hits ?? {}) as {
    hits?: EftsHit[];
    total?: { value?: number };
  };
  const list = Array.isArray(hits.hits) ? hits.hits : [];
  const byAccession = new Map<string, EftsFiling>();
  for (const hit of list) {
    const s = hit._source ?? {};
    const accessionNo = s.adsh ?? hit._id?.split(':')[0];
    if (!accessionNo || !/^\d{10}-\d{2}-\d{6}$/.test(accessionNo) || byAccession.has(accessionNo)) continue;
    const name = s.display_names?.[0]?.replace(/\s+\(.*$/, '').trim() ?? null;
    byAccession.set(accessionNo, {
      accessionNo,
      formType: s.form ?? s.root_forms?.[0] ?? '',
      ciks: (s.ciks ?? []).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0),
      filedDate: s.file_date ?? null,
      companyName: name || null,
    });
  }
  return { total: Number(hits.total?.value ?? list.length), hits: list.length, filings: [...byAccession.values()] };
}
