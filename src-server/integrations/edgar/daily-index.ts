/**
 * EDGAR's daily master index (Archives/edgar/daily-index/YYYY/QTRn/master.YYYYMMDD.idx): every
 * filing disseminated with that filing date, one row per company party, published around
 * 22:45 ET. The nightly reconciliation's list of what existed.
 */

export interface IndexRow {
  cik: number;
  companyName: string;
  formType: string;
  accessionNo: string;
}

export function dailyIndexPath(date: string): string {
  const [y, m, d] = date.split('-');
  const quarter = Math.floor((Number(m) - 1) / 3) + 1;
  return `/Archives/edgar/daily-index/${y}/QTR${quarter}/master.${y}${m}${d}.idx`;
}

/** Rows of a master index (`CIK|Company Name|Form Type|Date Filed|File Name`). */
export function parseMasterIndex(text: string): IndexRow[] {
  const rows: IndexRow[] = [];
  for (const line of text.split(/\r?\n/)) {
    const parts = line.split('|');
    if (parts.length !== 5) continue;
    const accession = /(\d{10}-\d{2}-\d{6})\.txt$/.exec(parts[4]!.trim())?.[1];
    const cik = Number(parts[0]);
    if (!accession || !Number.isSafeInteger(cik) || cik <= 0) continue;
    rows.push({ cik, companyName: parts[1]!.trim(), formType: parts[2]!.trim(), accessionNo: accession });
  }
  return rows;
}
