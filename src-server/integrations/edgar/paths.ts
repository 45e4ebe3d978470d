/** EDGAR's URL layout (the replay server serves the same paths). */

export function accessionFolder(cik: number, accessionNo: string): string {
  return `/Archives/edgar/data/${cik}/${accessionNo.replace(/-/g, '')}/`;
}

export function fullSubmissionPath(cik: number, accessionNo: string): string {
  return `${accessionFolder(cik, accessionNo)}${accessionNo}.txt`;
}

export function indexHeadersPath(cik: number, accessionNo: string): string {
  return `${accessionFolder(cik, accessionNo)}${accessionNo}-index-headers.html`;
}

export function indexPagePath(cik: number, accessionNo: string): string {
  return `${accessionFolder(cik, accessionNo)}${accessionNo}-index.htm`;
}

export function directoryJsonPath(cik: number, accessionNo: string): string {
  return `${accessionFolder(cik, accessionNo)}index.json`;
}

export function submissionsPath(cik: number): string {
  return `/submissions/CIK${String(cik).padStart(10, '0')}.json`;
}

/** The latest-filings Atom feed, all forms, newest first. */
export function currentFeedPath(start = 0, count = 100): string {
  return `/cgi-bin/browse-edgar?action=getcurrent&type=&company=&dateb=&owner=include&start=${start}&count=${count}&output=atom`;
}

/** An accession number as EDGAR writes it (0001234567-24-000123). */
export const ACCESSION_RE = /^\d{10}-\d{2}-\d{6}$/;
