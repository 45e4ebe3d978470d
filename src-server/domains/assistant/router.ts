/**
 * Tier 0's question router: a question into an intent and its parameters, deterministically
 * (no I/O; the service passes the companies and insiders we hold filings for). Unclear questions
 * route to `help`, never to a guess.
 */
import { ADVICE, CUES, FORM_SYNONYMS, ITEM_NUMBER, ITEM_SYNONYMS, codesAsked } from './vocabulary';
import { parseWindow, type Window } from './time-phrases';

export type Intent =
  | 'advice'
  | 'alerts'
  | 'why'
  | 'importance'
  | 'stakes'
  | 'insider_person'
  | 'insider'
  | 'dates'
  | 'count'
  | 'items'
  | 'latest'
  | 'report_changes'
  | 'about'
  | 'help';

/** A company we hold filings for: one per CIK, with every ticker and name it was filed under. */
export interface KnownCompany {
  cik: number;
  tickers: string[];
  names: string[];
}

export interface KnownInsider {
  cik: number | null;
  name: string;
}

export interface Route {
  intent: Intent;
  /** Companies named in the question (CIKs), else the watchlist's when `scope` is 'watchlist'. */
  ciks: number[];
  scope: 'named' | 'watchlist' | 'all';
  forms: string[];
  items: string[];
  window: Window;
  codes: { codes: string[]; label: string } | null;
  insider: KnownInsider | null;
  /** Tickers written in the question that we hold no filings for ("$ZZZZ"). */
  unknownTickers: string[];
  levels: number[];
}

const STOP_WORDS = new Set([
  'A',
  'I',
  'AN',
  'THE',
  'AND',
  'OR',
  'OF',
  'IN',
  'ON',
  'AT',
  'TO',
  'IS',
  'IT',
  'MY',
  'ME',
  'DID',
  'DO',
  'ANY',
  'FOR',
  'BY',
  'WAS',
  'WHO',
  'WHY',
  'HOW',
  'WHAT',
  'WHEN',
  'CEO',
  'CFO',
  'COO',
  'SEC',
  'NT',
  'Q1',
  'Q2',
  'Q3',
  'Q4',
  'VS',
  'ITEM',
  'FORM',
  'HIGH',
  'LOW',
  'LAST',
  'THIS',
  'WEEK',
  'SINCE',
  'ALL',
  'LIST',
  'NEW',
  'ARE',
  'HAS',
  'HAVE',
  'GET',
  'ETF',
  'US',
  'USA',
  'OK',
  'HE',
  'SHE',
  'HIS',
  'HER',
]);
/** Company-name words too common to identify a company alone. */
const GENERIC_NAME_WORDS = new Set([
  'the',
  'inc',
  'corp',
  'group',
  'holdings',
  'company',
  'capital',
  'energy',
  'international',
  'american',
  'united',
  'first',
  'national',
  'global',
  'bancorp',
  'financial',
  'technologies',
  'systems',
  'management',
  'trust',
  'fund',
  'partners',
  'alpha',
  'advanced',
]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9&'-]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** The words a company is recognised by: its first name word, or two when the first is generic or a number. */
export function companyKeys(name: string): string[] {
  const w = words(name).filter((x) => x !== '&');
  if (w.length === 0) return [];
  const first = w[0]!;
  if (GENERIC_NAME_WORDS.has(first) || /^\d/.test(first) || first.length < 4)
    return w.length > 1 ? [`${first} ${w[1]}`] : [];
  return [first, ...(w.length > 1 ? [`${first} ${w[1]}`] : [])];
}

function findCompanies(question: string, known: KnownCompany[]): { ciks: number[]; unknown: string[] } {
  const ciks = new Set<number>();
  const unknown: string[] = [];
  // One ticker can have been filed under two CIKs (GOOG: Google Inc., then Alphabet).
  const byTicker = new Map<string, number[]>();
  for (const c of known)
    for (const t of c.tickers) byTicker.set(t.toUpperCase(), [...(byTicker.get(t.toUpperCase()) ?? []), c.cik]);
  // Cashtags always name a ticker; bare words only when written in capitals and known to us.
  for (const m of question.matchAll(/\$([A-Za-z]{1,5}(?:\.[A-Za-z])?)\b/g)) {
    const t = m[1]!.toUpperCase();
    const hit = byTicker.get(t);
    if (hit)
      hit.forEach((c) => {
        ciks.add(c);
      });
    else unknown.push(t);
  }
  for (const m of question.matchAll(/\b([A-Z]{1,5})(?:'s)?\b/g)) {
    const t = m[1]!;
    if (STOP_WORDS.has(t)) continue;
    byTicker.get(t)?.forEach((c) => {
      ciks.add(c);
    });
  }
  const text = ` ${words(question).join(' ')} `;
  for (const c of known) {
    if (ciks.has(c.cik)) continue;
    if (c.names.some((n) => companyKeys(n).some((k) => text.includes(` ${k} `) || text.includes(` ${k}'s `))))
      ciks.add(c.cik);
  }
  return { ciks: [...ciks], unknown };
}

/** An insider named in full, or by a surname that only one insider we know has (4+ letters). */
function findInsider(question: string, insiders: KnownInsider[]): KnownInsider | null {
  const text = ` ${words(question).join(' ')} `;
  const full = insiders.filter((i) => text.includes(` ${words(i.name).join(' ')} `));
  if (full.length > 0) return full.sort((a, b) => b.name.length - a.name.length)[0]!;
  const bySurname = new Map<string, KnownInsider[]>();
  for (const i of insiders) {
    const parts = words(i.name).filter((p) => p.length >= 4 && !/^(jr|sr|iii)$/.test(p));
    for (const p of new Set(parts)) bySurname.set(p, [...(bySurname.get(p) ?? []), i]);
  }
  for (const w of words(question)) {
    const hits = bySurname.get(w.replace(/'s$/, ''));
    if (hits && new Set(hits.map((h) => h.cik ?? h.name)).size === 1) return hits[0]!;
  }
  return null;
}

function formsOf(question: string): string[] {
  const forms = new Set<string>();
  let rest = question;
  for (const [re, list] of FORM_SYNONYMS) {
    if (re.test(rest)) {
      list.forEach((f) => {
        forms.add(f);
      });
      rest = rest.replace(re, ' ');
    }
  }
  return [...forms];
}

function itemsOf(question: string): string[] {
  const items = new Set<string>();
  for (const m of question.matchAll(ITEM_NUMBER)) items.add(m[1]!);
  for (const [re, list] of ITEM_SYNONYMS)
    if (re.test(question))
      list.forEach((i) => {
        items.add(i);
      });
  return [...items];
}

function levelsOf(question: string): number[] {
  const q = question.toLowerCase();
  if (/\bcritical\b/.test(q) && /\bhigh\b/.test(q)) return [4, 3];
  if (/\bcritical\b/.test(q)) return [4];
  if (/\bhigh\b|\bimportant\b|\burgent\b/.test(q)) return [4, 3];
  if (/\bmedium\b/.test(q)) return [2];
  return [];
}

/** "What changed in X's risk factors?", "new risk factors", "how much did the 10-K change": the report diff. */
function asksReportChanges(q: string): boolean {
  if (/\brisk factors?\b/i.test(q)) return true;
  return (
    /\b(?:what|how much|how)\b/i.test(q) &&
    /\bchang\w*\b/i.test(q) &&
    /\b(?:10-?k|10-?q|annual report|quarterly report|legal proceedings|md&a|management'?s discussion)(?=\W|$)/i.test(q)
  );
}

export function routeQuestion(
  question: string,
  context: { now: Date; known: KnownCompany[]; insiders: KnownInsider[]; watchlistCiks: number[] },
): Route {
  const q = question.trim();
  const { ciks, unknown } = findCompanies(q, context.known);
  const forms = formsOf(q);
  const items = itemsOf(q).filter((i) => !forms.includes('4') || i !== '5.02');
  const window = parseWindow(q, context.now);
  const insider = findInsider(q, context.insiders);
  const mine = /\b(?:my|mine|i follow|i watch|watchlist|my list)\b/i.test(q);
  const scope: Route['scope'] =
    ciks.length > 0 ? 'named' : mine || context.watchlistCiks.length > 0 ? 'watchlist' : 'all';
  const base = {
    ciks: ciks.length > 0 ? ciks : scope === 'watchlist' ? context.watchlistCiks : [],
    scope,
    forms,
    items,
    window,
    codes: null,
    insider: null,
    unknownTickers: unknown,
    levels: levelsOf(q),
  };
  const route = (intent: Intent, extra: Partial<Route> = {}): Route => ({ ...base, intent, ...extra });

  if (ADVICE.test(q)) return route('advice');
  if (CUES.alerts.test(q)) return route('alerts');
  if (ciks.length > 0 && asksReportChanges(q)) return route('report_changes');
  if (CUES.why.test(q) && (CUES.level.test(q) || /\blevel\b|\bscore\w*\b|\brated\b|\bflagged\b/i.test(q)))
    return route('why');
  if (unknown.length > 0 && ciks.length === 0) return route('help');
  const stakeForms = forms.filter((f) => f.startsWith('SC 13'));
  if (stakeForms.length > 0 || CUES.stake.test(q))
    return route('stakes', { forms: stakeForms.length ? stakeForms : ['SC 13D', 'SC 13G'] });
  if (
    insider &&
    (CUES.insider.test(q) || /\bhistory\b|\btrades?\b|\bwhat has\b|\bdirect\b|\bindirect\b|\b10b5-?1\b/i.test(q))
  )
    return route('insider_person', { insider, codes: codesAsked(q) });
  if (CUES.about.test(q) && !CUES.count.test(q) && (forms.length > 0 || ciks.length > 0 || base.ciks.length > 0))
    if (!(CUES.insider.test(q) && forms.every((f) => f === '4'))) return route('about');
  if (CUES.count.test(q) && (forms.length > 0 || items.length > 0 || /\bfilings?\b/i.test(q))) return route('count');
  if (CUES.insider.test(q) && items.length === 0 && !forms.some((f) => f !== '4'))
    return route('insider', { codes: codesAsked(q) });
  if (CUES.level.test(q) && !items.length && levelsOf(q).length) return route('importance');
  if (items.length > 0) return route('items');
  if (CUES.dates.test(q) && (forms.length > 0 || /\blate\b|\boverdue\b/i.test(q)))
    return route('dates', { forms: forms.length ? forms : ['NT 10-K', 'NT 10-Q'] });
  if (ciks.length > 0 || forms.length > 0 || window.phrase || (mine && CUES.latest.test(q))) {
    if (ciks.length > 0 || CUES.latest.test(q) || window.phrase) return route('latest');
  }
  return route('help');
}
