/**
 * "<COMPANY>: <event>" without saying the company twice. A press release's headline usually opens
 * with the issuer's own name ("Asta Funding Reports ..." under "ASTA FUNDING INC"), and an old
 * exhibit's first line is sometimes the name and nothing else: the card must still say whose
 * filing it is exactly once, and a bare name is not news.
 */

/** Words a name carries for its legal form, not its identity: "Inc", "Corp", "Holdings", "The". */
const LEGAL_WORDS = new Set([
  'the',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'companies',
  'ltd',
  'limited',
  'llc',
  'lp',
  'plc',
  'holdings',
  'holding',
  'group',
  'nv',
  'sa',
  'ag',
  'se',
]);

/**
 * First words too common to identify a company alone ("First Quarter Results" is not First
 * Horizon's name): a headline must then repeat the name's second word as well.
 */
const GENERIC_FIRST = new Set([
  'first',
  'general',
  'american',
  'national',
  'united',
  'new',
  'international',
  'global',
  'home',
  'capital',
  'community',
  'federal',
  'standard',
  'central',
  'southern',
  'northern',
  'western',
  'eastern',
  'pacific',
  'atlantic',
  'great',
  'royal',
  'citizens',
  'union',
  'world',
]);

/** Lower-case words with punctuation, EDGAR's state tags ("\PA\", "/DE/") and legal words removed. */
function coreWords(text: string): string[] {
  return text
    .replace(/[\\/][A-Z]{2}[\\/]?\s*$/, '')
    .toLowerCase()
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1') // "N.V." and "S.A." read as one word
    .split(/[^a-z0-9&]+/)
    .filter((w) => w && !LEGAL_WORDS.has(w));
}

/** How many of the name's words the text must open with to name the company. */
function wordsNeeded(name: string[]): number {
  return name.length > 1 && GENERIC_FIRST.has(name[0]!) ? 2 : 1;
}

/** The text opens with the company's name, or its first word or two ("Nuance" for "NUANCE COMMUNICATIONS, INC."). */
export function startsWithCompany(text: string, company: string): boolean {
  const name = coreWords(company);
  const words = coreWords(text);
  const needed = wordsNeeded(name);
  return name.length > 0 && words.length >= needed && name.slice(0, needed).every((w, i) => words[i] === w);
}

/** The text is the company's name and nothing more ("INNOVATIVE CLINICAL SOLUTIONS, LTD."): not a headline. */
export function isOnlyCompanyName(text: string, company: string): boolean {
  const name = coreWords(company);
  const words = coreWords(text);
  return words.length > 0 && words.length <= name.length && words.every((w, i) => name[i] === w);
}

/** "<COMPANY>: <event>", or the event alone when it already opens with the company's name. */
export function companyEvent(company: string, event: string): string {
  return startsWithCompany(event, company) ? event : `${company}: ${event}`;
}
