import { SEC_SIC_CODES } from './sic-codes';

/**
 * Sector and industry from a SIC code. Industry is SEC's own title for the code; sector is the
 * GICS-style sector (the names the S&P 500 list uses) that the SIC range belongs to, so the
 * dashboard's industry filter and sort group Apple (3571), NVIDIA (3674) and Microsoft (7372)
 * together under Information Technology rather than under SIC's "Manufacturing" division.
 */
export const SECTORS = [
  'Communication Services',
  'Consumer Discretionary',
  'Consumer Staples',
  'Energy',
  'Financials',
  'Health Care',
  'Industrials',
  'Information Technology',
  'Materials',
  'Real Estate',
  'Utilities',
] as const;
export type Sector = (typeof SECTORS)[number];

type Range = readonly [from: number, to: number, sector: Sector];

/** First matching range wins: specific carve-outs come before the broad ranges. */
const SECTOR_RANGES: readonly Range[] = [
  // Carve-outs inside broader groups.
  [800, 899, 'Materials'],
  [1520, 1531, 'Consumer Discretionary'],
  [2451, 2452, 'Consumer Discretionary'],
  [2510, 2519, 'Consumer Discretionary'],
  [2711, 2741, 'Communication Services'],
  [2833, 2836, 'Health Care'],
  [2840, 2844, 'Consumer Staples'],
  [3011, 3021, 'Consumer Discretionary'],
  [3411, 3412, 'Materials'],
  [3533, 3533, 'Energy'],
  [3570, 3579, 'Information Technology'],
  [3630, 3634, 'Consumer Discretionary'],
  [3651, 3652, 'Consumer Discretionary'],
  [3661, 3679, 'Information Technology'],
  [3695, 3695, 'Information Technology'],
  [3711, 3711, 'Consumer Discretionary'],
  [3714, 3714, 'Consumer Discretionary'],
  [3716, 3716, 'Consumer Discretionary'],
  [3751, 3751, 'Consumer Discretionary'],
  [3812, 3812, 'Industrials'],
  [3826, 3826, 'Health Care'],
  [3841, 3851, 'Health Care'],
  [3820, 3829, 'Information Technology'],
  [3861, 3861, 'Information Technology'],
  [3873, 3873, 'Consumer Discretionary'],
  [4610, 4619, 'Energy'],
  [4950, 4959, 'Industrials'],
  [5045, 5045, 'Information Technology'],
  [5047, 5047, 'Health Care'],
  [5122, 5122, 'Health Care'],
  [5140, 5149, 'Consumer Staples'],
  [5171, 5172, 'Energy'],
  [5400, 5499, 'Consumer Staples'],
  [5912, 5912, 'Consumer Staples'],
  [6792, 6792, 'Energy'],
  [6798, 6798, 'Real Estate'],
  [7310, 7319, 'Communication Services'],
  [7370, 7379, 'Information Technology'],
  [8300, 8349, 'Health Care'],
  [8731, 8731, 'Health Care'],
  // Broad ranges (SIC major groups).
  [100, 999, 'Consumer Staples'],
  [1000, 1199, 'Materials'],
  [1200, 1399, 'Energy'],
  [1400, 1499, 'Materials'],
  [1500, 1799, 'Industrials'],
  [2000, 2199, 'Consumer Staples'],
  [2200, 2399, 'Consumer Discretionary'],
  [2400, 2499, 'Materials'],
  [2500, 2599, 'Industrials'],
  [2600, 2699, 'Materials'],
  [2700, 2799, 'Industrials'],
  [2800, 2899, 'Materials'],
  [2900, 2999, 'Energy'],
  [3000, 3099, 'Materials'],
  [3100, 3199, 'Consumer Discretionary'],
  [3200, 3399, 'Materials'],
  [3400, 3699, 'Industrials'],
  [3700, 3799, 'Industrials'],
  [3800, 3899, 'Industrials'],
  [3900, 3999, 'Consumer Discretionary'],
  [4000, 4799, 'Industrials'],
  [4800, 4899, 'Communication Services'],
  [4900, 4999, 'Utilities'],
  [5000, 5199, 'Industrials'],
  [5200, 5999, 'Consumer Discretionary'],
  [6000, 6499, 'Financials'],
  [6500, 6599, 'Real Estate'],
  [6700, 6799, 'Financials'],
  [7000, 7299, 'Consumer Discretionary'],
  [7300, 7699, 'Industrials'],
  [7800, 7899, 'Communication Services'],
  [7900, 7999, 'Consumer Discretionary'],
  [8000, 8099, 'Health Care'],
  [8100, 8199, 'Industrials'],
  [8200, 8299, 'Consumer Discretionary'],
  [8300, 8399, 'Consumer Discretionary'],
  [8600, 8799, 'Industrials'],
  [8900, 8999, 'Industrials'],
];

const TITLES = new Map<number, string>(SEC_SIC_CODES);

/** 'SERVICES-PREPACKAGED SOFTWARE' -> 'Services-Prepackaged Software' (EDGAR's display style). */
export function titleCaseSic(title: string): string {
  return title.toLowerCase().replace(/(^|[\s\-(/])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

function parseSic(sic: string | number | null | undefined): number | null {
  if (sic == null) return null;
  const code = typeof sic === 'number' ? sic : Number.parseInt(String(sic).trim(), 10);
  return Number.isInteger(code) && code > 0 && code <= 9999 ? code : null;
}

export function sectorForSic(sic: string | number | null | undefined): Sector | null {
  const code = parseSic(sic);
  if (code == null) return null;
  return SECTOR_RANGES.find(([from, to]) => code >= from && code <= to)?.[2] ?? null;
}

/**
 * The sector/industry pair for a company. EDGAR's own sicDescription wins for the industry
 * (it is the same title, already display-cased); SEC's table fills in when it is absent.
 */
export function classifySic(
  sic: string | number | null | undefined,
  sicDescription?: string | null,
): { sector: Sector | null; industry: string | null } {
  const code = parseSic(sic);
  const described = sicDescription?.trim();
  const title = code == null ? undefined : TITLES.get(code);
  return {
    sector: sectorForSic(code),
    industry: described || (title ? titleCaseSic(title) : null),
  };
}
