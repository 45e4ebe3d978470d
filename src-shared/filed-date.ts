/**
 * A filing whose filing date is not known: filings.store.ts keeps a bare periodic report (no SEC
 * header, no date in the feed) at its period end so timelines stay ordered, and sets
 * `details.filedDateUnknown`. A period end is months before a report's filing, so every place that
 * would print "filed <date>" prints this instead; server and web share the one wording.
 */
export const FILED_DATE_NOT_RECORDED = 'Filing date not recorded';

/** Whether a filing's stored `details` say its filed_at is only its period end. */
export function isFiledDateUnknown(details: unknown): boolean {
  return (
    typeof details === 'object' &&
    details !== null &&
    (details as { filedDateUnknown?: unknown }).filedDateUnknown === true
  );
}

/** The wording inside a sentence ("filed a 10-K, filing date not recorded"). */
export const FILED_DATE_NOT_RECORDED_INLINE = FILED_DATE_NOT_RECORDED.toLowerCase();

/** "filed Jan 30, 2025" inside a sentence, or "filing date not recorded" when there is no date to give. */
export function filedPhrase(day: string, { unknown }: { unknown: boolean }): string {
  return unknown ? FILED_DATE_NOT_RECORDED_INLINE : `filed ${day}`;
}
