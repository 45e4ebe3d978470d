/**
 * A filing's reasons can hold a caveat that qualifies its level instead of supporting it: the trading-pattern
 * rule's "cannot tell" line (form4.pattern.unknown). Listed under "Why CRITICAL" it reads as one more reason for
 * CRITICAL, so cards, alert emails and the rule-based analysis show it apart, as a note. The scorer builds the
 * line from this prefix, so the two cannot drift apart.
 */
export const TOO_LITTLE_HISTORY = 'Too little trading history to tell routine from opportunistic';

const isNote = (line: string) => line.startsWith(TOO_LITTLE_HISTORY);

/** A note as cards and emails print it, apart from the reasons. */
export const noteText = (note: string): string => `Note: ${note}.`;

/** The reasons for the level, and the notes among them, each in stored order. */
export function splitReasons(lines: readonly string[]): { reasons: string[]; notes: string[] } {
  return { reasons: lines.filter((l) => !isNote(l)), notes: lines.filter(isNote) };
}
