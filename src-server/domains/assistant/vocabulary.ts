/** Words the question router understands: form and 8-K item synonyms, intent cues (no I/O). */

/** Phrases naming an EDGAR form family; matched on word boundaries, longest first. */
export const FORM_SYNONYMS: [RegExp, string[]][] = [
  [/\bnt\s*10-?k\b|\blate (?:annual|10-?k)\b/i, ['NT 10-K']],
  [/\bnt\s*10-?q\b|\blate (?:quarterly|10-?q)\b/i, ['NT 10-Q']],
  [/\b10-?qs?\b|\bquarterly (?:report|filing)s?\b/i, ['10-Q']],
  [/\b10-?ks?\b|\bannual (?:report|filing)s?\b/i, ['10-K']],
  [/\b8-?ks?\b|\bcurrent reports?\b|\bmaterial events?\b/i, ['8-K']],
  [/\b(?:sc\s*)?13-?ds?\b/i, ['SC 13D']],
  [/\b(?:sc\s*)?13-?gs?\b/i, ['SC 13G']],
  [/\b13-?f\b/i, ['13F-HR']],
  [/\bform\s*4s?\b|\bform\s*four\b/i, ['4']],
  [/\bform\s*3\b/i, ['3']],
  [/\bform\s*5\b/i, ['5']],
  [/\bform\s*d\b|\bprivate (?:placement|offering)\b/i, ['D']],
];

/** Plain-words 8-K events and the items that report them. */
export const ITEM_SYNONYMS: [RegExp, string[]][] = [
  [
    /\b(?:ceo|cfo|coo|officer|director|executive|board|management)\s+(?:change|changes|departure|departures|left|resign\w*|appoint\w*|hire\w*)\b|\b(?:change|changes)\s+(?:of|in)\s+(?:officers?|directors?|ceo|cfo|management)\b|\bchange officers\b|\bresign\w*\b|\bdeparture\b|\bnew (?:ceo|cfo)\b/i,
    ['5.02'],
  ],
  [/\bearnings\b|\bresults of operations\b|\bquarterly results\b/i, ['2.02']],
  [/\brestat\w*\b|\bnon-?reliance\b/i, ['4.02']],
  [/\bbankrupt\w*\b|\breceivership\b|\bchapter 11\b/i, ['1.03']],
  [/\bmaterial (?:definitive )?agreements?\b|\bsigned an agreement\b/i, ['1.01']],
  [/\bacquisitions?\b|\bdispos(?:al|ition) of assets\b/i, ['2.01']],
  [/\bimpairments?\b/i, ['2.06']],
  [/\bdelist\w*\b/i, ['3.01']],
  [/\bauditor\b|\baccountant\b/i, ['4.01']],
  [/\bcyber\w*\b|\bhack\w*\b|\bbreach\b/i, ['1.05']],
  [/\bshareholder vote\b|\bvote results\b|\bannual meeting\b/i, ['5.07']],
  [/\bbylaws?\b|\bcharter\b|\bfiscal year change\b/i, ['5.03']],
  [/\breg(?:ulation)? fd\b/i, ['7.01']],
  [/\bother events\b/i, ['8.01']],
];

/** Item numbers written out ("item 5.02", "5.02"). */
export const ITEM_NUMBER = /\b(?:item\s+)?([1-9]\.0[1-9]|[1-9]\.10)\b/gi;

/** Buy/sell/hold advice: answered with facts and a refusal, never a recommendation. */
export const ADVICE =
  /\b(?:should i|shall i|do you recommend|would you|is it (?:a )?(?:good|bad) (?:time|idea)|worth (?:buying|selling)|buy or sell|price target|good investment|will (?:it|the stock|\$?[a-z]{1,5}) (?:go up|go down|rise|fall|drop))\b|^\s*(?:buy|sell|short|hold)\b|\b(?:buy|sell|hold) (?:now|today)\b/i;

/** Intent cues, checked in order by the router. */
export const CUES = {
  alerts: /\b(?:alerted|notified|alert(?:s)? (?:about|for|on)|when was i|did i get (?:an )?alert|my alerts?)\b/i,
  why: /\bwhy\b/i,
  level: /\b(?:critical|high|important|urgent|importance)\b/i,
  stake: /\b(?:13-?d|13-?g|stake|stakes|beneficial owner\w*|5\s?%|passive investor|activist)\b/i,
  insider:
    /\binsiders?\b|\bbought\b|\bsold\b|\bbuy(?:ing|s)?\b|\bsell(?:ing|s)?\b|\bsales?\b|\bpurchas\w*\b|\bform\s*4s?\b|\btrades?\b|\bexercis\w*\b|\bgift\w*\b|\bgrant\w*\b|\bwithh\w*\b/i,
  dates: /\b(?:when (?:was|did|is)|last|latest|most recent|late|overdue|deadline|nt\s*10)\b/i,
  /** What a filing says: "what was X's latest 8-K about?", "summarize the 10-Q". */
  about:
    /\babout\??\s*$|\bwhat(?:'s| is| was) in\b|\bsummar(?:y|ies|i[sz]e\w*)\b|\bexplain\b|\bwhat did (?:it|the \S+|\S+'s \S+) say\b|\bdetails? of\b/i,
  count: /\bhow many\b|\bcount\b|\bnumber of\b|\bcompare\b|\bvs\.?\b|\bversus\b|\bmore than\b/i,
  latest: /\b(?:file|filed|filing|filings|report|reported|new|anything|what happened|news)\b/i,
};

/** Transaction codes a question asks about ("open-market buying" is P, not every acquisition). */
export function codesAsked(question: string): { codes: string[]; label: string } | null {
  const q = question.toLowerCase();
  if (/\bexercis\w*\b|\boptions?\b/.test(q))
    return { codes: ['M', 'X', 'C', 'O'], label: 'option or RSU exercises (codes M, X, C, O)' };
  if (/\bgifts?\b|\bgave\b/.test(q)) return { codes: ['G'], label: 'gifts (code G)' };
  if (/\bwithh\w*\b|\btax\b/.test(q)) return { codes: ['F'], label: 'tax withholding (code F)' };
  if (/\bgrant\w*\b|\baward\w*\b/.test(q)) return { codes: ['A'], label: 'grants or awards (code A)' };
  const buy = /\bbuy\w*\b|\bbought\b|\bpurchas\w*\b/.test(q);
  const sell = /\bsell\w*\b|\bsold\b|\bsales?\b/.test(q);
  if (buy && !sell) return { codes: ['P'], label: 'open-market purchases (code P)' };
  if (sell && !buy) return { codes: ['S'], label: 'open-market sales (code S)' };
  return null;
}
