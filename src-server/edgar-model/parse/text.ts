/** Readable text from the HTML or SGML text of EDGAR documents, for the regex-level readers. */

const NAMED: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
  sect: '§',
  reg: '®',
  trade: '™',
  copy: '©',
};

/** &#146; and its kin: Windows-1252 punctuation written as the code, which Unicode makes control characters. */
const WINDOWS_1252: Record<number, string> = {
  130: '‚',
  132: '„',
  133: '…',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  153: '™',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ent: string) => {
    if (ent[0] === '#') {
      const code =
        ent[1] === 'x' || ent[1] === 'X' ? Number.parseInt(ent.slice(2), 16) : Number.parseInt(ent.slice(1), 10);
      if (WINDOWS_1252[code]) return WINDOWS_1252[code];
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    }
    return NAMED[ent.toLowerCase()] ?? whole;
  });
}

/**
 * A text page's furniture inside a passage the text reading ran across pages: "Page 2 of 8 <PAGE>3" and a page number
 * "- 4 -" between sentences, and a page's number and running head at its end ("… by reference. -2- <PAGE>",
 * "… to Steven Chambers. -2- Table of Contents").
 */
export function withoutPageFurniture(text: string): string {
  return text
    .replace(/\s*(?:\bPage \d+ of \d+\b|<PAGE>\s*\d*|(?<=[.:;]) -\s?\d{1,3}\s?-(?= ))\s*/gi, ' ')
    .replace(/(?:\s+-\s?\d{1,3}\s?-)?(?:\s+Table of Contents)?\s*$|\s+-\s?\d{1,3}\s?-\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Tags out, entities decoded, whitespace collapsed: block tags become line breaks, table cells a
 * space, and inline tags nothing (some filer agents wrap single letters in spans: "R<span>esults"
 * must read "Results").
 */
export function htmlToText(html: string, maxChars = 400_000): string {
  const src = html.length > maxChars ? html.slice(0, maxChars) : html;
  return decodeEntities(
    src
      .replace(/<(script|style|ix:header)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<\/?(p|div|br|tr|li|h\d|table|page)\b[^>]*>/gi, '\n')
      .replace(/<\/?(span|font|b|i|u|em|strong|a|sup|sub|small|big|ix:[a-z]+)\b[^>]*>/gi, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/[ \t\u00a0\u200b]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}
