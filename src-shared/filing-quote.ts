/**
 * A summary that quotes the filing's own words ("Item 5.02, as filed: “...”", written by the 8-K scorer, issue #25):
 * the item and the words, for the card's quotation and the alert email's "What happened". Any other summary is not a
 * quote and reads as null.
 */
const QUOTED = /^Item (\d{1,2}\.\d{2}), as filed: “([\s\S]+)”$/;

export interface FilingQuoteParts {
  item: string;
  words: string;
}

export function filingQuote(summary: string | null | undefined): FilingQuoteParts | null {
  const m = summary ? QUOTED.exec(summary.trim()) : null;
  return m ? { item: m[1]!, words: m[2]! } : null;
}
