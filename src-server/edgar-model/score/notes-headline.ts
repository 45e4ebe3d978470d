/**
 * A debt offering's headline from the item's own words (issue #25, class 3): how much of which notes the company sold,
 * not the underwriters' names the sentence opens with ("entered into a Terms Agreement with Citigroup Global Markets
 * Inc. and J.P. Morgan ... with respect to the offer and sale of $500,000,000 aggregate principal amount of its 1.500%
 * Notes Due 2018, $750,000,000 aggregate principal amount of its ..."). Null when the first sentence sells no notes.
 */
import { sentences } from '../parse/item-sections';
import { money } from './format';

/** "$500,000,000 aggregate principal amount of its 1.500% Notes Due 2018", "€1,000,000,000 ... of its 0.000% Notes due 2025". */
const TRANCHE =
  /([$€£])\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s+(?:million|billion))\s+(?:in\s+)?aggregate principal amount of (?:its |the Company['’]s |our |the Registrant['’]s )?((?:[\w.%-]+ ){0,6}?(?:Notes|Debentures|Bonds)(?: [Dd]ue \d{4})?)/g;
const SOLD =
  /\b(?:offer and sale|issuance and sale|issue and sale|sold|issued|priced|completed (?:the |an |its )?(?:public )?offering)\b/i;

function amount(text: string): number {
  const [, n = '0', unit] = /^([\d,.]+)\s*(million|billion)?$/.exec(text.trim()) ?? [];
  return Number(n.replace(/,/g, '')) * (unit === 'billion' ? 1e9 : unit === 'million' ? 1e6 : 1);
}

export function notesHeadline(quote: string | null): string | null {
  const first = quote ? (sentences(quote)[0] ?? '') : '';
  if (!SOLD.test(first)) return null;
  const tranches = [...first.matchAll(TRANCHE)];
  if (tranches.length === 0) return null;
  const currencies = new Set(tranches.map((t) => t[1]));
  if (currencies.size > 1) return null;
  const sign = tranches[0]![1]!;
  const total = tranches.reduce((sum, t) => sum + amount(t[2]!), 0);
  const sum = money(total).replace('$', sign);
  if (tranches.length === 1) return `Sale of ${sum} of ${tranches[0]![3]!.replace(/^notes/, 'Notes')}`;
  return `Sale of ${sum} of notes in ${tranches.length} series`;
}
