/** data.sec.gov submissions JSON: the company profile and its recent filings (column arrays). */

export interface SubmissionsJson {
  cik: string;
  name: string;
  sic?: string;
  sicDescription?: string;
  exchanges?: (string | null)[];
  tickers?: string[];
  category?: string;
  fiscalYearEnd?: string;
  filings: { recent: Record<string, unknown[]> };
}

export interface RecentFiling {
  accessionNo: string;
  formType: string;
  filedDate: string;
  acceptedAt: string | null;
  reportDate: string | null;
  primaryDocument: string | null;
  items: string[];
}

export interface CompanyProfile {
  cik: number;
  name: string;
  sic: string | null;
  sicDescription: string | null;
  exchange: string | null;
  filerCategory: string | null;
  fiscalYearEnd: string | null;
}

export function companyProfile(json: SubmissionsJson): CompanyProfile {
  return {
    cik: Number(json.cik),
    name: json.name,
    sic: json.sic || null,
    sicDescription: json.sicDescription || null,
    exchange: json.exchanges?.find((e) => e) ?? null,
    filerCategory: json.category || null,
    fiscalYearEnd: json.fiscalYearEnd || null,
  };
}

/** Recent filings filed within [since, until] (YYYY-MM-DD), newest first as SEC lists them. */
export function recentFilings(json: SubmissionsJson, since: string, until = '9999-12-31'): RecentFiling[] {
  const r = json.filings?.recent ?? {};
  const col = (key: string, i: number) => {
    const v = r[key]?.[i];
    return typeof v === 'string' && v !== '' ? v : null;
  };
  const count = r.accessionNumber?.length ?? 0;
  const out: RecentFiling[] = [];
  for (let i = 0; i < count; i += 1) {
    const filedDate = col('filingDate', i);
    const accessionNo = col('accessionNumber', i);
    const formType = col('form', i);
    if (!filedDate || !accessionNo || !formType || filedDate < since || filedDate > until) continue;
    const accepted = col('acceptanceDateTime', i);
    out.push({
      accessionNo,
      formType,
      filedDate,
      acceptedAt: accepted && !Number.isNaN(Date.parse(accepted)) ? new Date(accepted).toISOString() : null,
      reportDate: col('reportDate', i),
      primaryDocument: col('primaryDocument', i),
      items: (col('items', i) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    });
  }
  return out;
}
