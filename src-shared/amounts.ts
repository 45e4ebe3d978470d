/**
 * How a written unit scales the number before it, the one rule for every reader of amounts:
 * filings ("$1.1 million", "$2.25 bn", "$90 mm", "$3.7 billion", "$500 thousand") and the
 * assistant's checker ("12K", "4.4M", "1.2B"). Case does not matter; any other unit (none, "%",
 * "percent") leaves the number as it is.
 */
export function unitScale(unit: string | undefined): number {
  const u = (unit ?? '').toLowerCase();
  if (u.startsWith('b')) return 1e9;
  if (u.startsWith('m')) return 1e6;
  return u === 'thousand' || u === 'k' ? 1e3 : 1;
}

/** A company's market value as SPEC.md section 9 writes it: T with 2 decimals, B and M with 1; smaller values as whole dollars. */
export function formatMarketCap(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value) || value <= 0) return '—';
  if (value >= 1e12) return `$${(value / 1e12).toFixed(2)}T`;
  if (value >= 1e9) return `$${(value / 1e9).toFixed(1)}B`;
  if (value >= 1e6) return `$${(value / 1e6).toFixed(1)}M`;
  return `$${Math.round(value).toLocaleString('en-US')}`;
}
