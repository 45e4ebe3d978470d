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

/**
 * A party the sentence defines, its description between ("AdvancePierre Foods Holdings, Inc., a Delaware corporation
 * (“AdvancePierre Foods”)"): the name as written before it, and the defined term.
 */
const DEFINED_PARTY = new RegExp(
  String.raw`${NAME}(?:,\s+(?:a|an)\s+[^,()“”"]{3,100}?)?,?\s*\((?:the\s+)?[“"]([^”"]{1,40})[”"]\)`,
  'g',
);
/** The terms a deal gives the company's own side and its vehicles: never the business it buys. */
const OWN_SIDE =
  /^(?:the )?(?:Company|Registrant|Parent|Buyer|Purchaser|Acquirer|(?:Merger |Acquisition |Purchaser )?Sub(?:sidiary)?(?: (?:[IVX]+|\d+|[A-Z]))?|Seller|Sellers?['’] Representative|Agent|Lenders?)$/i;
/** A merger vehicle by its name ("DVB Merger Sub, Inc.", "Vanhalen Acquisition Corporation"). */
const VEHICLE =
  /\b(?:Merger Sub|Acquisition (?:Corp(?:oration)?|Sub|Co(?:mpany)?|LLC|Inc)|Merger (?:Corp(?:oration)?|Co|LLC))\b/i;
/** A name as a sentence writes it, or a defined term ("Reata", "eCERA ComTek Corporation", "LHS"). */
const PARTY_NAME = String.raw`((?:[A-Z]|[a-z]{1,3}[A-Z])[\w&'’-]*(?:\.(?=[,\s]))?(?:,? (?:[A-Z0-9&][\w&'’-]*\.?|of|and|de))*)`;
/** "Merger Sub will be merged with and into Reata". */
const MERGED_INTO = new RegExp(String.raw`\bmerged? with and into (?:the )?${PARTY_NAME}`);
/** Up to the object bought: a company's period ("from AOL, a wholly owned subsidiary of Time Warner Inc., all ...") ends no clause. */
const TO_OBJECT = String.raw`(?:[^.;]|(?<=\b(?:Inc|Corp|Co|Ltd|L\.P|N\.V|S\.A))\.){0,100}?`;
/**
 * What is bought: "all of the outstanding capital stock of", "39,773,792 shares of the common stock of", "certain
 * assets, subject to certain liabilities, of" a named business.
 */
const BOUGHT_OF = new RegExp(
  String.raw`\b(?:acquire[sd]?|purchase[sd]?)\b${TO_OBJECT}\b(?:(?:all (?:of )?the (?:issued and )?outstanding |[\d,]{5,} )(?:shares of )?(?:the )?(?:(?:capital|common) stock|shares|stock|equity interests|membership interests|units) of|((?:substantially all|certain) (?:of )?(?:the )?assets)(?:, subject to certain liabilities,)? of) (?:the )?${PARTY_NAME}`,
);

/** A name read up to the clause after it, without the joining word or punctuation it ran into ("LHS and", "Steel."). */
function trimName(found: string): string {
  return found.replace(/(?:[\s,]+(?:and|of|de))+$|[\s,]+$|(?<!\b(?:Inc|Corp|Co|Ltd|[A-Z]))\.$/, '');
}

/** The defined parties of the quote's first sentence, in order: name as written (from its term's first word) and term. */
function definedParties(first: string): { name: string; term: string }[] {
  return [...first.matchAll(DEFINED_PARTY)].map((m) => {
    const term = (m[2] ?? '').trim();
    let name = (m[1] ?? '').replace(/^(?:On|As of)\b.*?\d{4},\s*/, '').replace(/^(?:and|by|with|among)\s+/, '');
    // "Biogen and Reata Pharmaceuticals, Inc. (“Reata”)": the name opens with its term's first word, or spells an
    // acronym term with its capitals ("... of Tyson and AdvancePierre Foods Holdings, Inc. (“APFH”)").
    const head = term.split(' ')[0] ?? '';
    const at = head ? name.lastIndexOf(head) : -1;
    if (at > 0 && /\s$/.test(name.slice(0, at))) name = name.slice(at);
    else if (/^[A-Z]{2,6}$/.test(term)) {
      const starts = [...name.matchAll(/(?:^|\s)(?=[A-Z])/g)].map((w) => (w.index ?? 0) + w[0].length);
      const spelled = starts.find((i) =>
        name
          .slice(i)
          .replace(/[^A-Z]/g, '')
          .startsWith(term),
      );
      if (spelled) name = name.slice(spelled);
    }
    return { name: name.replace(/[\s,]+$/, ''), term };
  });
}

/**
 * An acquisition agreement's headline: the business the company agrees to buy, as the item's first sentence names it
 * ("Agreement to acquire Reata Pharmaceuticals, Inc.", Biogen 2023). The target is the party the company's merger
 * vehicle merges into, or whose shares or assets it buys; else, in a merger agreement's list of parties, the last one
 * that is not the company's side (its merger subsidiary, "Parent", "Purchaser"). Null when no party is named so.
 */
export function agreedDealHeadline(quote: string | null, completed = false): string | null {
  if (!quote) return null;
  // Item 2.01 reports the deal done: "Acquisition of eCERA ComTek Corporation"; elsewhere it is agreed.
  const verb = completed ? 'Acquisition of' : 'Agreement to acquire';
  // The defined terms name the parties: read with them, not past them as the other headlines are.
  const first = sentences(quote.replace(/\s+/g, ' '))[0] ?? '';
  const parties = definedParties(first);
  const byTerm = (term: string) => parties.find((p) => p.term === term || p.name === term);
  // A name the quote defines is given whole; one defined past the quote's cut ("Sub I will merge with and into
  // Viecore…") by the term alone.
  const whole = (found: string) => {
    const name = trimName(found);
    return byTerm(name)?.name ?? name;
  };
  const into = MERGED_INTO.exec(first)?.[1];
  const match = BOUGHT_OF.exec(first);
  // "pursuant to which BlueSuit purchased all of the outstanding common stock of Online Brokerage Solutions" (Stockwalk
  // 2001): another party is the buyer, so the company is selling, not buying.
  const buyer = match ? /([A-Z][\w&'’-]*)\s*$/.exec(first.slice(0, match.index))?.[1] : undefined;
  const otherBuyer = buyer != null && parties.slice(1).some((p) => p.term === buyer && !OWN_SIDE.test(p.term));
  const bought = otherBuyer ? null : match;
  const direct = into ? whole(into) : bought?.[2] ? whole(bought[2]) : null;
  if (direct && !OWN_SIDE.test(direct) && !VEHICLE.test(direct))
    return `${verb} ${bought?.[1] && !into ? 'assets of ' : ''}${direct}`;
  if (!/\b(?:Agreement and Plan of Merger|Merger Agreement)\b/.test(first)) return null;
  const others = parties
    .slice(1)
    .filter((p) => !OWN_SIDE.test(p.term) && !VEHICLE.test(p.name) && !/Agreement\b/.test(p.term));
  const target = others.at(-1);
  return target ? `${verb} ${target.name}` : null;
}

/** "relating to the sale of the Company’s Document Imaging division", "sold certain assets involved in their diagnostic imaging line of business". */
const UNIT_SOLD =
  /\b(?:sale of|sell|sold)\b(?:[^.;]{0,60}?\b(?:involved|used) in)? (?:the Company['’]s|its|their) ((?:[\w-]+ ){0,4}?(?:division|business|segment|unit|line of business))\b/i;

/**
 * A business spun off to the holders: "completed the previously announced ... separation and distribution to its
 * stockholders of all of the outstanding shares of Cerence Inc." (Nuance 2019), "completed the previously announced
 * Separation of Worthington Steel" (Worthington 2023).
 */
const SPUN_OFF = new RegExp(
  String.raw`\b(?:[Ss]pin-?[Oo]ff|[Ss]eparation|[Dd]istribution)\b[^.;]{0,160}?\bof (?:all (?:of )?the (?:issued and )?outstanding (?:shares|common stock) of )?(?:the )?${PARTY_NAME}`,
);

/** A sale agreement's or a spin-off's headline: the unit sold or spun off, as the item's first sentence names it. */
export function soldUnitHeadline(quote: string | null, completed = false): string | null {
  const first = quote ? (sentences(quoteText(quote))[0] ?? '') : '';
  const unit = UNIT_SOLD.exec(first)?.[1];
  if (unit) return completed ? `Sale of its ${unit}` : `Agreement to sell its ${unit}`;
  const found = SPUN_OFF.exec(first)?.[1];
  const spun = found ? trimName(found) : null;
  if (!spun || !/\b(?:spin-?off|separat)/i.test(first)) return null;
  return `Spin-off of ${spun}${/\b(?:completed|consummated)\b/i.test(first) ? ' completed' : ''}`;
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
