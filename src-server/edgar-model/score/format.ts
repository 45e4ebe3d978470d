/** Number words for one-liners: "19,500,000 shares", "$207.49", "$4.05B". Hand-rolled: Intl formatting costs more than the whole Form 4 parse. */

function group(intPart: string): string {
  let out = '';
  for (let i = intPart.length; i > 0; i -= 3) out = intPart.slice(Math.max(0, i - 3), i) + (out ? `,${out}` : '');
  return out;
}

/** Fixed decimals trimmed of trailing zeros down to `minDecimals`, with thousands separators. */
function decimal(n: number, maxDecimals: number, minDecimals = 0): string {
  const sign = n < 0 ? '-' : '';
  let [int = '0', frac = ''] = Math.abs(n).toFixed(maxDecimals).split('.');
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${sign}${group(int)}${frac ? `.${frac}` : ''}`;
}

export function shares(n: number): string {
  return decimal(n, 4);
}

export function price(n: number): string {
  return `$${decimal(n, 4, 2)}`;
}

export function money(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `$${(n / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `$${(n / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `$${group(String(Math.round(n / 1e3)))}K`;
  // Cents are written whole ("$687.50", never "$687.5"); a round sum has none.
  return `$${Math.round(n * 100) % 100 === 0 ? decimal(n, 0) : decimal(n, 2, 2)}`;
}

export function percent(n: number): string {
  return `${Number(n.toFixed(2))}%`;
}

/**
 * A sentence without its drafting's defined terms ('(the “Company”)', '(the “Company,” “its,” “we,” “our” or “us”)'),
 * and without the comma one leaves before the verb ("Worthington Industries, Inc. (the “Company”), posted").
 */
export function withoutDefinedTerms(text: string): string {
  return text.replace(/\s*\((?:the\s+)?[“"][^)]{1,80}\)(,(?=\s+[a-z]))?/g, '');
}

/** An item's quoted words on one line, without its drafting's defined terms: what the headline readings read. */
export function quoteText(quote: string): string {
  return withoutDefinedTerms(quote.replace(/\s+/g, ' '));
}

/** A filing's own words in curly quotes; its inner curly quotes become straight so the marks pair up. */
export function asFiled(text: string): string {
  return `“${text.replace(/[“”]/g, '"')}”`;
}

/** The first letter in capitals ("results for the quarter" -> "Results for the quarter"). */
export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A sentence ends once: text that already ends in "Inc." or "Corp." gets no second period. */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
