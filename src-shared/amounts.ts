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
