/** Cents as dollars ('$20.00'). */
export function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** An ISO date as 'December 26, 2026'. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

/** A key per click, so a resent request changes the subscription once. */
export function requestKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
