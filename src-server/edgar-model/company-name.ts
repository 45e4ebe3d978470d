/**
 * "<COMPANY>: <event>" without saying the company twice. A press release's headline usually opens
 * with the issuer's own name ("Asta Funding Reports ..." under "ASTA FUNDING INC"), and an old
 * exhibit's first line is sometimes the name and nothing else: the card must still say whose
 * filing it is exactly once, and a bare name is not news.
 */

/** Words a name carries for its legal form, not its identity: "Inc", "Corp", "Holdings", "The". */
export const LEGAL_WORDS = new Set([
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

/** The card's stand-in for a company the filing and the feed leave unnamed: its CIK, else "The company". */
export function unnamedCompany(cik: number | null | undefined): string {
  return cik ? `CIK ${cik}` : 'The company';
}
const UNNAMED = /^(?:The company|CIK \d+)$/;

/** A press-release headline that opens on its subject's name and a verb ("Alcon Announces ...", "Acme Corp. Reports ..."). */
const NAMED_HEADLINE =
  /^[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*){0,4}\s+(?:Announces?|Reports?|Completes?|Enters?|Signs?|Names?|Appoints?|Declares?|Launches?|Receives?|Agrees?|Acquires?|Provides?)\b/;

/** "<COMPANY>: <event>", or the event alone when it already opens with the company's name. */
export function companyEvent(company: string, event: string): string {
  // "The Registrant entered into ...", "The Company will hold ...": the filing's defined term for the company itself,
  // unless the card has no name of its own to put there.
  const own = /^The (?:Registrant|Company)\b(?!['’])\s+(?=[a-z])/.exec(event);
  if (own && !UNNAMED.test(company)) return `${company} ${event.slice(own[0].length)}`;
  // With no name of its own, the card does not put "The company:" before a headline that names its subject ("Alcon
  // Announces Settlement of Litigation ...").
  if (UNNAMED.test(company) && NAMED_HEADLINE.test(event)) return event;
  return startsWithCompany(event, company) ? event : `${company}: ${event}`;
}

/** EDGAR's abbreviations of legal forms, as companies write them. */
const LEGAL_FORMS: Record<string, string> = {
  INC: 'Inc.',
  CORP: 'Corp.',
  CO: 'Co.',
  LTD: 'Ltd.',
  LLC: 'LLC',
  LP: 'LP',
  PLC: 'plc',
  NV: 'N.V.',
  SA: 'S.A.',
  AG: 'AG',
  SE: 'SE',
  BHD: 'Bhd',
  LLP: 'LLP',
};

/** Words written small inside a name ("Bank of America"). */
const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'in', 'on', 'at', 'to', 'de', 'du', 'la', 'le', 'des', 'by']);

/** Three letters or fewer read as an acronym (IBM, CVS, AES), unless they are one of these words. */
const SHORT_WORDS = new Set(
  'ace air all arc ark art ash bay big bio box car cat day dog dun eco fox fun gas gem go hot ice ink jet joy key lab lam law log map max net new now oak oil old one pay pet ray red rio row run sea sky son spa sun tea ten the tin top toy two van way web win zen'.split(
    ' ',
  ),
);

function readableWord(word: string, first: boolean): string {
  // "CO.," is the legal form before a comma ("J. P. MORGAN & CO., INCORPORATED"): read the word, keep the comma.
  const comma = /,+$/.exec(word)?.[0];
  if (comma && word.length > comma.length) return readableWord(word.slice(0, -comma.length), first) + comma;
  if (/[0-9&]/.test(word) || /^(?:[A-Z]\.)+[A-Z]?\.?$/.test(word)) return word; // 3M, AT&T, S&P, U.S.
  const bare = word.replace(/\.$/, '');
  const legal = LEGAL_FORMS[bare];
  if (legal && !first) return legal;
  const lower = word.toLowerCase();
  if (!first && SMALL_WORDS.has(lower)) return lower;
  const letters = bare.replace(/[^A-Z]/g, '');
  if ((letters.length <= 3 && !SHORT_WORDS.has(lower.replace(/[^a-z]/g, ''))) || !/[AEIOUY]/.test(letters)) return word;
  return word
    .split(/([-'’/])/)
    .map((part, i, parts) => {
      // "DILLARD'S" -> "Dillard's", "O'REILLY" -> "O'Reilly", "COCA-COLA" -> "Coca-Cola"
      if (i % 2 === 1 || part === '') return part;
      const p = part.toLowerCase();
      const joined = parts[i - 1] === '-' || parts[i - 1] === '/';
      if (i > 0 && !joined && p.replace(/[^a-z]/g, '').length === 1) return p;
      // A short part after a hyphen or a slash is an acronym as a short word is ("AIMCO-GP" -> "Aimco-GP", "AIMCO/IPT").
      const letters = p.replace(/[^a-z]/g, '');
      if (joined && letters.length <= 3 && !SHORT_WORDS.has(letters)) return part;
      if (/^mc[a-z]{3,}/.test(p)) return `Mc${p[2]!.toUpperCase()}${p.slice(3)}`;
      return p[0]!.toUpperCase() + p.slice(1);
    })
    .join('');
}

/**
 * EDGAR's state or country tag and trailing slash dropped: "1895 Bancorp of Wisconsin, Inc. /MD/", "BANK OF MONTREAL
 * /CAN/", "WALT DISNEY CO/". A Belgian "SA/NV" is the legal form, not a tag; a name that is only a tag stays as given.
 */
export function withoutStateTag(name: string): string {
  // EDGAR files a leading "The" at the end: "ALLSTATE CORP/THE" is The Allstate Corporation.
  const the = /\s*\/\s*the\s*$/i;
  if (the.test(name) && name.replace(the, '').trim())
    return `${/[a-z]/.test(name) ? 'The' : 'THE'} ${withoutStateTag(name.replace(the, ''))}`;
  const stripped = name
    .replace(/(?<!\bSA)\s*[\\/]\s?[A-Z]{2,3}[\\/]?\s*$/, '')
    // A conformed name's "DEL" (Delaware) and "NEW" (a successor registrant) after the legal form: "DUN & BRADSTREET
    // CORP DEL NEW".
    .replace(/(?<=\b(?:CORP|INC|CO|LTD|CORPORATION|COMPANY)\.?)(?:\s+(?:DEL|NEW))+$/, '')
    .replace(/\s*\/\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return stripped || name;
}

/**
 * EDGAR's conformed name ("APPLE INC", "AMAZON COM INC", "WALT DISNEY CO/") in a careful readable form when the
 * filing does not say how the company writes it: words capitalised, acronyms (IBM, AT&T, 3M, CVS) left alone, the
 * legal form as written ("Inc."), ".com" joined, EDGAR's state tags dropped. A name with lower case is kept as is.
 */
export function readableCompanyName(conformed: string): string {
  const name = withoutStateTag(conformed);
  if (!name || /[a-z]/.test(name)) return name;
  const words = name.split(' ');
  const out: string[] = [];
  words.forEach((word, i) => {
    if (i > 0 && word === 'COM' && out.length > 0) {
      out[out.length - 1] = `${out[out.length - 1]}.com`;
      return;
    }
    out.push(readableWord(word, i === 0));
  });
  return out.join(' ');
}

const LEGAL_TAIL = String.raw`(?:[\s,]+(?:Inc|Incorporated|Corp|Corporation|Co|Company|Companies|Ltd|Limited|LLC|L\.L\.C|LP|L\.P|plc|PLC|N\.V|S\.A|AG|SE|Holdings|Group)\b\.?)*`;

/**
 * How the company writes its own name where the filing states it: the cover's "Exact name of registrant", a
 * 13G's "Name of Issuer", a Form 4's issuer name. Found as the conformed name's words, in the same order, in
 * mixed case, with the legal form that follows them. Null when the text never writes it so.
 */
export function coverCompanyName(conformed: string, text: string): string | null {
  const words = coreWords(conformed);
  if (words.length === 0 || !text) return null;
  // A rule of dashes or underscores between two words is a layout's line, not a space in the name ("Neubauer\n-----\n
  // Joseph" is not "Neubauer Joseph").
  const gap = '(?:(?![-_=]{3})[^A-Za-z0-9&])+';
  const between = String.raw`(?:${gap}(?:(?:${[...LEGAL_WORDS].join('|')})\b\.?))*${gap}`;
  const body = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(between);
  const pattern = new RegExp(String.raw`(?<![A-Za-z0-9&])(?:The\s+)?${body}(?![A-Za-z0-9&])${LEGAL_TAIL}`, 'gi');
  // A name with a legal form ("Apple Inc.") is written out in full where the filing names the company; a bare "Apple"
  // may be the name inside a sentence ("Apple's products"): the full form is preferred when the conformed name has one.
  const wantsForm = /\S\s+\S/.test(conformed) && coreWords(conformed).length < conformed.split(/\s+/).length;
  let bare: string | null = null;
  for (const match of text.matchAll(pattern)) {
    let found = match[0].replace(/\s+/g, ' ').replace(/[\s,]+$/, '');
    // Written by the company: opens with a capital, is not all capitals (that is EDGAR's form again) and has no word
    // in lower case ("Brainstorm cell therapeutics inc." in a power of attorney is someone's typing, not the name).
    if (!/^[A-Z0-9]/.test(found) || !/[a-z]/.test(found) || /(?:^|\s)[a-z]{4,}/.test(found)) continue;
    if (capitalsTypedIn(found)) continue;
    // A footnote mark or a parenthesis left open is the layout between two words, not the name ("LaSalle Investment *
    // Management (Securities", LaSalle on BioMed Realty 2010; the cover writes "... Management (Securities), L.P.").
    if (found.includes('*') || (found.match(/\(/g) ?? []).length !== (found.match(/\)/g) ?? []).length) continue;
    if (coreWords(found).join(' ') !== words.join(' ')) continue;
    // EDGAR's "L P" is two of the name's words, so the period of the written "L.P." is after the match.
    if (/(?:^|[\s.])[A-Z]$/.test(found) && text[(match.index ?? 0) + match[0].length] === '.') found += '.';
    const withForm = found.split(/\s+/).length > words.length;
    if (withForm || !wantsForm) return found;
    bare ??= found;
  }
  return bare;
}

/**
 * The readable name with each word the text writes in mixed case spelled as the text writes it (the most frequent
 * spelling): "MONEYGRAM INTERNATIONAL INC" is "MoneyGram International Inc." where a filing writes "MoneyGram" but
 * never the whole name in mixed case; title case alone would say "Moneygram". Legal and small words keep their form.
 */
export function withWrittenCasing(readable: string, text: string, capitalsOnly = false): string {
  return readable
    .split(' ')
    .map((token) => {
      const [, word, tail] = /^([A-Za-z]{3,})([.,]?)$/.exec(token) ?? [];
      if (!word || LEGAL_WORDS.has(word.toLowerCase()) || SMALL_WORDS.has(word.toLowerCase())) return token;
      if (capitalsOnly && (word.length < 4 || /[a-z]/.test(word))) return token;
      const counts = new Map<string, number>();
      let capitals = 0;
      for (const [seen] of text.matchAll(new RegExp(`(?<![A-Za-z0-9&])${word}(?![A-Za-z0-9&])`, 'gi')))
        if (/[a-z]/.test(seen) && /[A-Z]/.test(seen)) counts.set(seen, (counts.get(seen) ?? 0) + 1);
        else if (!/[a-z]/.test(seen)) capitals++;
      const [written, times = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
      // A word in capitals inside a name the company wrote in mixed case may be its brand ("SPACEHAB, Incorporated",
      // "NVIDIA Corporation"): only a filing that writes it in mixed case more often changes it ("ASTROTECH Corp").
      if (capitalsOnly && times <= capitals) return token;
      return written ? `${written}${tail}` : token;
    })
    .join(' ');
}

/**
 * The name to print: as the filing writes it, else the conformed name made readable, with the words the filing does
 * write in the filing's casing. `text` is read only when the conformed name is in EDGAR's capitals (turning a
 * filing's first pages into text is the costly part).
 */
export function companyDisplayName(conformed: string, text: () => string | null): string {
  // A conformed name with lower case is already the company's writing ("Coupang, Inc." beside a cover's "COUPANG, Inc.").
  if (/[a-z]/.test(conformed) && !capitalsTypedIn(conformed)) {
    const readable = readableCompanyName(conformed);
    if (!/\b[A-Z]{4,}\b/.test(readable)) return readable;
    const source = text();
    return source ? withWrittenCasing(readable, source, true) : readable;
  }
  const capitals = conformed.toUpperCase();
  const source = text();
  if (!source) return readableCompanyName(capitals);
  return coverCompanyName(capitals, source) ?? withWrittenCasing(readableCompanyName(capitals), source);
}

/**
 * Two long words in capitals before a legal form in mixed case are EDGAR's capitals typed into a form ("ISABELLA BANK
 * Corp" as a Form 4's issuer name, "ROYAL BANK OF SCOTLAND GROUP plc"), not how the company writes itself; one word in
 * capitals may be its brand ("NVIDIA Corporation", "SPACEHAB, Incorporated").
 */
function capitalsTypedIn(name: string): boolean {
  return (
    (name.match(/\b[A-Z]{4,}\b/g) ?? []).length >= 2 && !/[a-z]/.test(name.replace(new RegExp(`${LEGAL_TAIL}$`), ''))
  );
}
