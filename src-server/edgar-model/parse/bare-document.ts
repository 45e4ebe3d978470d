/**
 * A primary document stored without its SEC header (an inline-XBRL 10-Q .htm, a cover page): its
 * form and registrant read from the document itself, first the inline XBRL cover facts
 * (dei:DocumentType, dei:EntityRegistrantName), else the cover's "(Exact name of registrant as
 * specified in its charter)" line. Inline XBRL puts the hidden header first, so the facts may sit
 * hundreds of kilobytes in.
 */
import { htmlToText } from './text';

/** The text of the first inline XBRL fact named `name` (nested tags and entities flattened). */
function deiFact(raw: string, name: string): string | null {
  const at = raw.slice(0, 3_000_000).indexOf(`name="dei:${name}"`);
  if (at < 0) return null;
  const end = raw.indexOf('</ix:nonNumeric>', at);
  const value = raw
    .slice(at, end > at ? end : at + 600)
    .replace(/^[^>]*>/, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#160;|&nbsp;|&#xa0;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&#8217;|&rsquo;/gi, '’')
    .replace(/\s+/g, ' ')
    .trim();
  return value || null;
}

/** The form a bare document states: dei:DocumentType ("10-Q", "10-K/A" with dei:AmendmentFlag), else null. */
export function deiForm(raw: string): string | null {
  const type = deiFact(raw, 'DocumentType');
  if (!type || !/^[0-9A-Z][0-9A-Z -]{0,12}$/i.test(type)) return null;
  const amended = /^true$/i.test(deiFact(raw, 'AmendmentFlag') ?? '');
  return amended && !type.endsWith('/A') ? `${type}/A` : type;
}

/** The registrant a bare document names: dei:EntityRegistrantName, else the line above the cover's caption. */
export function bareRegistrant(raw: string): string | null {
  const dei = deiFact(raw, 'EntityRegistrantName');
  if (dei) return dei;
  const start = raw.search(/\(\s*Exact\s+name\s+of\s+registrant/i);
  if (start < 0) return null;
  const window = raw.slice(Math.max(0, start - 3_000), start + 80);
  // In HTML a line break in the source is a space: a name wrapped by the authoring tool ("HORIZON\n FINANCIAL CORP.",
  // Horizon Financial 2009) is one line on the page. Plain-text covers keep their lines.
  const lines = htmlToText(/<(?:div|p|td|br|font)\b/i.test(window) ? window.replace(/\s*\n\s*/g, ' ') : window)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const caption = lines.findIndex((l) => /\(\s*Exact\s+name\s+of\s+registrant/i.test(l));
  const name = caption > 0 ? lines[caption - 1] : null;
  return name && name.length > 1 && name.length < 150 && !/commission file/i.test(name) ? name : null;
}

/**
 * Who a bare inline-XBRL document is filed by, from its cover facts: dei:EntityCentralIndexKey (the registrant's CIK, as
 * EDGAR's header would give it) and dei:TradingSymbol. The first of each: a co-registrant's follow in later contexts.
 */
export function deiIdentity(raw: string): { cik: number | null; tradingSymbol: string | null } {
  const key = deiFact(raw, 'EntityCentralIndexKey');
  const cik = key && /^\d{1,10}$/.test(key) ? Number(key) : null;
  const symbol = deiFact(raw, 'TradingSymbol');
  return {
    cik: cik && cik > 0 ? cik : null,
    tradingSymbol: symbol && /^[A-Z][A-Z0-9.-]{0,9}$/i.test(symbol) ? symbol.toUpperCase() : null,
  };
}
