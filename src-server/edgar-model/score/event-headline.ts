/**
 * Headlines that name the other party from the item's own first sentence (issue #25, class 3): which business a
 * completed deal bought or sold ("Acquisition of Viecore, Inc. completed"), which audit firm left or came ("Ernst &
 * Young LLP dismissed as auditor"). "Completes a deal announced before" and "Auditor change" said only the item's
 * subject. Null when the sentence does not name the party in one of these ways.
 */
import { sentences } from '../parse/item-sections';
import { quoteText } from './format';

/** A company's name as a sentence writes it: capitalised words, initials and legal forms ("Loquendo S.p.A.", "SVOX AG", "eScription"). */
const NAME = `((?:[A-Z]|[a-z]{1,3}[A-Z])[A-Za-z0-9&.'’-]*(?:,? (?:[A-Z0-9&][A-Za-z0-9&.'’-]*|of|and|de))*)`;
/** Where a name ends: its defined term, its state of incorporation, or the clause after it. */
const NAME_END = String.raw`(?=\s*\(|,\s+(?:a|an)\s|\s+(?:pursuant|by|for|from|through|under|in|on)\b|,\s+(?:pursuant|for|by)\b|\.\s|\.?$)`;
const WHOLE = String.raw`(?:all (?:of )?the (?:issued and )?outstanding (?:shares of )?(?:capital stock|common stock|shares|stock|equity interests|membership interests|units) of\s+|substantially all (?:of )?the assets of\s+)?`;

const ACQUIRED = new RegExp(
  String.raw`\b(?:acquired|completed (?:its|the) (?:previously announced )?(?:acquisition|purchase) of)\s+${WHOLE}${NAME}${NAME_END}`,
);
const SOLD_UNIT =
  /\bcompleted the (?:previously announced )?sale\b.{0,300}?\bof (?:the Company['’]s|its) ((?:[A-Z][\w-]*\s){1,4}(?:division|business|segment|unit))\b/;
const MERGED_WITH = new RegExp(String.raw`\bmerger agreement with ${NAME}${NAME_END}`);
const MERGER_DONE = /\bmerger was (?:completed|consummated)\b/i;

/** A completed deal's headline: what was bought or sold, or whom the company merged with. */
export function completedDealHeadline(quote: string | null): string | null {
  if (!quote) return null;
  const text = quoteText(quote);
  const first = sentences(text)[0] ?? '';
  const bought = ACQUIRED.exec(first)?.[1];
  if (bought && !/^(?:The|All|Substantially|Certain)\b/.test(bought)) return `Acquisition of ${bought} completed`;
  const unit = SOLD_UNIT.exec(first)?.[1];
  if (unit) return `Sale of its ${unit} completed`;
  const partner = MERGED_WITH.exec(text)?.[1];
  if (partner && MERGER_DONE.test(text)) return `Merger with ${partner} completed`;
  return null;
}

/** An audit firm as an item names one: its name up to the firm's legal form ("Burr, Pilger & Mayer LLP", "Lawrence Scharfman, CPA"). */
const FIRM = String.raw`([A-Z][A-Za-z&'’.-]*(?:,? [A-Z&][A-Za-z&'’.-]*){0,5},? (?:LLP|L\.L\.P\.|LLC|P\.C\.|PC|CPA|CPAs|Ltd\.?|& Co\.|& Company))`;
const DISMISSED = new RegExp(
  String.raw`\b(?:dismissed|terminated the engagement of|replaced)\s+${FIRM}|${FIRM},? (?:was|were) dismissed`,
);
const ENGAGED = new RegExp(
  String.raw`\b(?:engaged|appointed|approved the (?:engagement|appointment) of|selected)\s+${FIRM}\s+(?:as|to serve as)\b`,
);
const RESIGNED = new RegExp(
  String.raw`${FIRM}\s+(?:resigned|notified [^.]{0,80}\bof its resignation|declined to stand)`,
);

/** An auditor change's headline: the firm that left and the one that came, as the item names them. */
export function auditorHeadline(quote: string | null): string | null {
  if (!quote) return null;
  const text = quoteText(quote);
  const gone = DISMISSED.exec(text);
  const left = gone?.[1] ?? gone?.[2];
  const came = ENGAGED.exec(text)?.[1];
  const quit = RESIGNED.exec(text)?.[1];
  if (left && came) return `Auditor changed from ${left} to ${came}`;
  if (left) return `${left} dismissed as auditor`;
  if (quit) return `${quit} resigns as auditor`;
  if (came) return `${came} engaged as auditor`;
  return null;
}
