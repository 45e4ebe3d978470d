/**
 * Two facts of a Schedule 13D/13G cover that readers act on: whether the holder has ceased to own
 * more than 5% (Item 5's box on a 13G, the 13D's Item 5(e)), and the reporting person's name
 * without the I.R.S. number some filers type into the same row ("ACME CORP 13-1234567").
 */
import { anyDateToIso } from './dates';
import { withoutPageFurniture } from './text';
import type { BeneficialPerson } from './types';

/** Marks that tick a box in filed text and HTML: [X], (x), ☒, ☑, ✓, and the Wingdings þ / ý. */
const CHECKED =
  /^\s*(?:\[\s*[xX✓✔]\s*\]|\(\s*[xX]\s*\)|[☒☑✓✔þý]|&#(?:254|253|9746|9745|10003|10004);|&(?:thorn|yacute);|[xX](?![a-z]))/;

/**
 * Item 5 of a 13G ("If this statement is being filed to report the fact that as of the date hereof
 * the reporting person has ceased to be the beneficial owner of more than five percent of the class
 * of securities, check the following [X]") or a 13D's 5(e) with a date: true when ticked or dated,
 * false when the box is there unticked, null when the document has no such item.
 */
export function ceasedFivePercent(bodyText: string): boolean | null {
  const text = bodyText.replace(/\s+/g, ' ');
  const boxes = [
    ...text.matchAll(
      /ceased to be the beneficial owners? of more than (?:five|5)\s?(?:percent|per cent|%)[^.]{0,60}?check the following:?/gi,
    ),
  ];
  if (boxes.length > 0)
    return boxes.some((m) => CHECKED.test(text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 12)));
  // Prose a filer writes instead of ticking ("the reporting persons ceased to be beneficial owners of more than 5%").
  // Decision 345: the simple past too ("On January 3, 2023, ... each of the Reporting Persons ceased to be the beneficial
  // owner of more than five percent", Longitude Capital on Venus Concept), but not the form's own instruction ("State
  // the date on which the reporting person ceased to be ...", "If ... ceased").
  for (const m of text.matchAll(
    /\b(?:(?:has|have|had)\s+)?ceased to be (?:the )?beneficial owners? of more than (?:five|5)\s?(?:percent|per cent|%)/gi,
  )) {
    const before = text.slice(Math.max(0, (m.index ?? 0) - 200), m.index ?? 0);
    if (/\b(?:date on which|if|whether|statement is being filed to report|in the event|check)\b[^.]*$/i.test(before))
      continue;
    return true;
  }
  return null;
}

/**
 * Row 1 of a cover without what the filer typed around the name: the I.R.S. or social security number and whatever
 * follows it ("ACME CORP (I.R.S. No. 13-1234567)", "The Vanguard Group - 23-1945930 2. CHECK ...", "Herb D. Vest,
 * ###-##-####"), that number's caption left without it ("Gabelli Funds, LLC I.D" from "I.D. No . 13-4044523", GAMCO
 * 2024; "Joseph Neubauer Social Security Number:", 1994), the row's own caption run into the name when a cell's lines
 * were joined ("OF ABOVE PERSON D.E. Shaw Investments, L.P", "(ENTITIES ONLY) Jeffrey L. Gendell") and a footnote's
 * asterisks.
 */
export function cleanPersonName(name: string): string {
  return (
    name
      .replace(/^[\s\S]*\b(?:ABOVE\s+PERSONS?|(?:ENTITIES\s+)?ONLY\))(?:\s*\((?:ENTITIES\s+)?ONLY\))?[\s:.-]*/i, '')
      .replace(
        /[\s,;(#:-]*(?:(?:I\.?\s?R\.?\s?S\.?|E\.?I\.?N\.?|Tax)\s*)?(?:Identification|ID)?\s*(?:No\.?|Number|#)?\s*:?\s*(?:\d{2}-\d{7}|[\d#]{3}-[\d#]{2}-[\d#]{4})(?![\d#])[\s\S]*$/i,
        '',
      )
      .replace(
        /[\s,]+(?:I\.\s?D\b\.?(?=\s*(?:No\b|Number|#|:|$))|Social\s+Security\b|S\.\s?S\.\s*(?:or|No\b|Number|#)).*$/i,
        '',
      )
      .replace(/\s*\*+$/, '')
      // The next cover rows run into a name typed on its own line ("Philip H. Knight 2. N/A 3. SEC Use Only", NIKE 2014).
      .replace(
        /\s+\(?\d{1,2}\s*[.)]\s*(?:N\/?A\b|SEC\s+Use\s+Only|Check\s+the\b|Citizenship\b|Sole\s+Voting)[\s\S]*$/i,
        '',
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * A 13D's Item 4 (Purpose of Transaction) states an action taken, not the boilerplate list of what
 * the holder "may" do: a letter or proposal delivered, directors nominated, a demand, an agreement
 * with the company. Returns that sentence, or null.
 */
const ACTION =
  /\b(?:(?:sent|delivered|wrote|submitted|issued)\s+(?:a\s+|an\s+)?(?:public\s+)?(?:letter|proposal|notice|demand)|nominated|intends? to nominate|notice of (?:its |their )?(?:intent(?:ion)? to )?nominat\w*|demand(?:ed|s)\s+(?:that|the)|cooperation agreement|settlement agreement with the (?:issuer|company)|unsolicited (?:proposal|offer)|non-binding (?:proposal|indication of interest)|proposed to acquire)\b/i;

/**
 * An amendment's new agreement with the company itself ("Crane Co. entered into a confidentiality agreement with
 * the Issuer", Crane on Mark Controls 1994, under its pending offer): the rubric's "a 13D/A that adds ... an
 * agreement with the company" (docs/scoring.md). On a first 13D such an agreement is how the stake was bought
 * (a placement), not a campaign, so it counts only on amendments.
 */
const ISSUER_AGREEMENT = /\bentered into (?:a|an) (?:[\w-]+\s+){0,3}agreement with the (?:issuer|company)\b/i;

/**
 * The company's sale, with the filer as a party (decision 343). The holder's own merger agreement with the company
 * ("The Reporting Person and the Issuer have entered into an Agreement and Plan of Reorganization ... providing for the
 * merger of the Issuer with and into the Reporting Person", Public Storage on Public Storage Properties X, 1996): the
 * holder is buying the company (a buyout, see BUYOUT_PROPOSAL). On an amendment, a voting or support agreement that
 * binds the holder's shares to a merger agreement of the company ("In connection with an Agreement and Plan of Merger
 * ... among the Issuer, Aegis ... the Reporting Person entered into a Voting Agreement", mktg 2014): an agreement tied
 * to the company's sale, as the rubric's "a 13D/A that adds ... an agreement" reads.
 */
export const HOLDER_MERGER =
  /\b(?:Reporting Persons?|Filing Persons?)\b[^.]{0,60}?\band the (?:Issuer|Company)\b[^.]{0,20}?\b(?:have|has) entered into an? (?:Agreement and Plan of (?:Merger|Reorganization)|Merger Agreement)\b|\bmerger of the (?:Issuer|Company) with and into the Reporting Person\b/i;
/** Titles before a name ("Messrs. Benun, Benun and Levy"): their period ends no sentence (decision 356). */
const HONORIFIC = 'Mr|Mrs|Ms|Messrs|Dr';
/** One character of a sentence: anything but a period, or the period of a company suffix or an honorific. */
const IN_SENTENCE = String.raw`(?:[^.]|(?<=\b(?:Inc|Corp|Co|Ltd|${HONORIFIC}))\.)`;
const MERGER_AGREEMENT = String.raw`\b(?:Agreement and Plan of Merger|Merger Agreement)\b`;
const VOTING_AGREEMENT = String.raw`\bentered into (?:a|an) (?:Voting|Support|Tender and Support|Voting and Support) Agreement\b`;
/** A voting or support agreement and the company's merger agreement in one sentence, either one first. */
const VOTING_FOR_MERGER = new RegExp(
  `${MERGER_AGREEMENT}${IN_SENTENCE}{0,300}?${VOTING_AGREEMENT}|${VOTING_AGREEMENT}${IN_SENTENCE}{0,300}?${MERGER_AGREEMENT}`,
  'i',
);
/**
 * Item 4's sentences end at a period or semicolon before a capital, not at an honorific's period nor at a middle
 * initial's ("a Share Purchase Agreement dated January 21, 1994 between Nick G. Karabots and Bedford", AMREP 1994).
 */
const ITEM4_SENTENCE_END = new RegExp(
  String.raw`(?<=[.;])(?<!\b(?:${HONORIFIC})\.)(?<!(?:^|[\s(])[A-Z]\.)\s+(?=[A-Z(])`,
);

/**
 * Decision 354: an amendment whose Item 4 states that the holder agreed or committed to buy or sell shares under a
 * purchase agreement ("Bedford has agreed to sell all of his 1,196,320 shares", Bedford on AMREP 1994; "has committed
 * to purchase ... shares", BellSouth on QVC 1994; "the Stock Purchase Agreement", Time Warner on Atari 1994): the
 * rubric's "a 13D/A that adds ... an agreement" (HIGH), a block changing hands or a new purchase from the company.
 */
const SHARE_DEAL =
  /\b(?:has|have) (?:agreed|committed) to (?:sell|purchase|buy|acquire)\b|\b(?:Stock|Share) Purchase Agreement\b/i;

/**
 * A stated intention is an action too when it names the campaign: "The Reporting Persons intend to
 * engage in discussions with ... the board regarding ways to enhance shareholder value, including
 * ... possible board representation" (Icahn on Bausch Health) is a plan, where "may engage in
 * discussions" is the boilerplate every 13D carries.
 */
const STATED_CAMPAIGN =
  /\bintends?\s+to\s+(?:engage\s+in|hold|have|seek|initiate|pursue)\s+(?:discussions|a dialogue|conversations)\b[^.]{0,300}?\b(?:(?:shareholder|stockholder) value|strategic (?:alternatives|review)|board representation|composition of the board|sale of the (?:company|issuer))/i;

/** A sentence that sets out a right or a condition of the securities, before the action word it names. */
const CONTRACT_RIGHT =
  /(?:^\s*|,\s*)(?:if|in the event|so long as)\b|\b(?:have|has) the right to\b|\b(?:is|are|be) entitled to\b/i;

/** An action that offers to buy the whole company: for its holders a buyout, not a campaign. */
export const BUYOUT_PROPOSAL =
  /\b(?:proposal|offer|proposed|propose[sd]?)\b[^.]{0,120}?\bto acquire (?:all|each|any and all)\b[^.]{0,80}?\b(?:outstanding|shares|common stock)\b/i;

/** The headings of Items 5, 6 and 7 by their titles, and the signature's certification that follows the last item. */
const ITEM_3_HEADING = /Item\s*3\.?\s*(?:[-–—:]\s*)?Sources?\s+and\s+Amount/i;
const ITEM_5_HEADING = String.raw`Item\s*5\.?\s*(?:[-–—:]\s*)?Interests?\s+in\s+(?:the\s+)?Securities`;
const ITEM_6_HEADING = String.raw`Item\s*6\.?\s*(?:[-–—:]\s*)?Contracts`;
const ITEM_7_HEADING = String.raw`Item\s*7\.?\s*(?:[-–—:]\s*)?Materials?\s+to\s+be\s+Filed`;
const CERTIFICATION = 'After reasonable inquiry and to the best of';
/** Where an item's text ends: the first of these headings, or the signature (an amendment may skip any item). */
const endOfItem = (...headings: string[]) => new RegExp(headings.join('|'), 'i');
const AFTER_ITEM_4 = endOfItem(ITEM_5_HEADING, ITEM_6_HEADING, ITEM_7_HEADING, CERTIFICATION);
const AFTER_ITEM_5 = endOfItem(ITEM_6_HEADING, ITEM_7_HEADING, CERTIFICATION);

/**
 * Item 4 ("Purpose of Transaction") up to the next item's heading, whitespace squeezed; without one, its first `unended`
 * characters. An amendment may go from Item 4 straight to Item 6 or 7 (Item 5 unchanged: Bedford on AMREP, 1994) or to
 * its signature, so the headings of Items 5 to 7, by their titles, and the signature's certification end it.
 */
export function purposeItem(bodyText: string, unended: number): string | null {
  const text = bodyText.replace(/\s+/g, ' ');
  const start = text.search(/Item\s*4\.?\s*(?:[-–—:]\s*)?Purpose\s+of\s+(?:the\s+)?Transaction/i);
  if (start === -1) return null;
  const rest = text.slice(start, start + 20_000);
  const end = rest.slice(40).search(AFTER_ITEM_4);
  return end === -1 ? rest.slice(0, unended) : rest.slice(0, end + 40);
}

/**
 * Item 4's boilerplate denial, whose exception names the agreement: "Neither Time Warner, WCI or Games has any current
 * plans or proposals that relate to ... (i) the acquisition ... of securities of Atari (except as provided in the Stock
 * Purchase Agreement as described in Items 3 and 6 herein)" (Time Warner on Atari 1994). It states no action itself.
 */
const DENIAL =
  /\b(?:(?:has|have|had) (?:no|any)|(?:does|do|did) not (?:currently )?have any|not (?:currently )?(?:aware of )?any)\s+(?:present |current |other )?(?:plans?|proposals?)(?: or (?:plans?|proposals?))?\b/i;

/** The sentence that states the action, and the item it stands in (4, or the item a denial's exception points to). */
export interface PurposeAction {
  text: string;
  item: number;
}

function states(s: string, amendment: boolean): boolean {
  const at = s.search(ACTION);
  // "may nominate" is boilerplate; a right granted by the holder's securities ("if (A) dividends ... have not
  // been paid ... the right to elect ... any director nominated by the Eligible Holders", Enron's preferred in
  // Costilla 1998) is a term of the investment, not an action taken.
  if (at !== -1 && !/\bmay\b[^.]{0,80}$/.test(s.slice(0, at)) && !CONTRACT_RIGHT.test(s.slice(0, at))) return true;
  return (
    STATED_CAMPAIGN.test(s) ||
    HOLDER_MERGER.test(s) ||
    (amendment && (ISSUER_AGREEMENT.test(s) || VOTING_FOR_MERGER.test(s) || SHARE_DEAL.test(s)))
  );
}

/** The items a denial's exception points to for the agreement, by number and heading. */
const AGREEMENT_ITEMS = [
  [3, ITEM_3_HEADING],
  [6, new RegExp(ITEM_6_HEADING, 'i')],
] as const;

/**
 * Where a denial's exception sends the reader (Items 3 and 6): the first sentence there that enters into the agreement
 * ("On March 24, 1994 Time Warner and Atari entered into a Stock Purchase Agreement ... pursuant to which Time Warner ...
 * will acquire 1,500,000 shares of Atari Common Stock at $8.50 per share ..."), with its item's number.
 */
function agreementStated(bodyText: string, amendment: boolean): PurposeAction | null {
  const text = bodyText.replace(/\s+/g, ' ');
  for (const [item, heading] of AGREEMENT_ITEMS) {
    const start = text.search(heading);
    if (start === -1) continue;
    const section = text.slice(start, start + 8_000);
    const sentence = section
      .split(ITEM4_SENTENCE_END)
      .find((s) => /\bentered into\b/i.test(s) && !DENIAL.test(s) && states(s, amendment));
    if (sentence) return { text: quotedPurpose(sentence), item };
  }
  return null;
}

export function purposeAction(bodyText: string, amendment = false): PurposeAction | null {
  const item4 = purposeItem(bodyText, 8_000);
  if (item4 == null) return null;
  const said = item4.split(ITEM4_SENTENCE_END).filter((s) => states(s, amendment));
  const stated = said.find((s) => !DENIAL.test(s));
  if (stated) return { text: quotedPurpose(stated), item: 4 };
  // Only a denial names the action, in its exception: the agreement as the filing states it elsewhere, else the denial.
  const denial = said[0];
  if (!denial) return null;
  return agreementStated(bodyText, amendment) ?? { text: quotedPurpose(denial), item: 4 };
}

/** The item's own caption and the amendment's boilerplate before what it says. */
const ITEM_4_LEAD_IN =
  /^(?:(?:Item\s*4\.?\s*)?Purpose\s+of\s+(?:the\s+)?Transaction\.?\s*)?(?:(?:The response to )?Item 4 (?:of (?:the )?(?:Schedule 13D|Statement) )?is (?:hereby )?(?:supplemented and amended|amended and supplemented|amended|supplemented)(?: (?:by adding|to (?:add|include)) the following(?: (?:information|paragraphs?|sentences?))?(?: (?:at the end thereof|thereto))?| as follows)?[:.]?\s*)?/i;

/**
 * The sentence as the card quotes it: without the page's furniture and the item's lead-in, at most 300 characters, a
 * longer one cut at a word with an ellipsis (not "... subject t").
 */
function quotedPurpose(sentence: string): string {
  const said = withoutPageFurniture(sentence);
  const body = said.replace(ITEM_4_LEAD_IN, '');
  const quote = body.length >= 20 ? body : said;
  return quote.length <= 300 ? quote : `${quote.slice(0, 299).replace(/[\s,;:(]+\S*$/, '')}…`;
}

/**
 * A 13G's Item 4(b) "Percent of class": the group's aggregate, which no single cover page shows when
 * each adviser of the group holds less (TIAA-CREF's three advisers at 0.18%, 3.77% and 1.10% of Penn
 * National Gaming hold 5.05% together). The largest percent stated there, or null when Item 4 only
 * points back to the cover pages ("See row 11").
 */
export function itemFourPercent(bodyText: string): number | null {
  const text = bodyText.replace(/\s+/g, ' ');
  const item4 = text.search(/Item\s*4\.?\s*(?:[-–—:]\s*)?Ownership\b/i);
  if (item4 === -1) return null;
  const label = /\(b\)\s*Percent\s+of\s+class\s*:?/i.exec(text.slice(item4, item4 + 3_000));
  if (!label) return null;
  const from = item4 + label.index + label[0].length;
  const value = text.slice(from, from + 300).split(/\(c\)|Item\s*5\b/i)[0] ?? '';
  const percents = [...value.matchAll(/(\d{1,3}(?:\.\d+)?)\s*%/g)].map((m) => Number(m[1])).filter((n) => n <= 100);
  // Typed without its sign under the caption ("ITEM 4(b). PERCENT OF CLASS" over "5.30", Dimensional 2001).
  const bare = /^\s*(\d{1,2}\.\d{1,3})(?![\d,%])/.exec(value);
  if (!percents.length && bare?.[1]) percents.push(Number(bare[1]));
  return percents.length ? Math.max(...percents) : null;
}

/**
 * Where a first 13D's stake comes from when the market has not just seen a purchase: proxies or
 * support agreements signed together with a merger agreement ('deal-support': the acquirer's 13D
 * after a buyout is announced), an internal reorganisation of the holder's own group
 * ('reorganization': the same shares re-reported by new entities), or securities held before the
 * company listed, through its IPO or a SPAC merger ('pre-listing': a backer's expected first filing).
 * Read in Items 3 to 5 (up to Item 6); null otherwise.
 */
/**
 * A trustee of the company's employee plan reports the plan's shares ("Reporting person is one of three trustees of the
 * Benjamin Moore & Co. Employees' Stock Ownership Plan", 1997): the shares are the employees', voted as they direct.
 */
const PLAN_TRUSTEE =
  /\btrustees?\b[^.]{0,40}?\b(?:of|for|under)\s+(?:the\s+)?(?:[^.]|(?<=\b(?:Inc|Corp|Co|Ltd))\.){0,80}?\b(?:Employees?['’]?\s+Stock\s+Ownership\s+Plan|ESOP|Employee\s+(?:Benefit|Savings|Retirement)\s+Plan|401\(k\)\s+Plan)\b/i;
/**
 * Decision 354: the trustee of a trust the company set up to fund its employee plans ("Trustee for The Dial Corp
 * Employee Equity Trust", First Interstate Bank on Dial 1994) holds the plans' shares, on a first 13D or an amendment.
 */
const PLAN_TRUST =
  /\btrustee\b[^.]{0,40}?\b(?:of|for|under)\s+(?:the\s+)?(?:[^.]|(?<=\b(?:Inc|Corp|Co|Ltd))\.){0,80}?\bEmployees?['’]?\s+(?:Equity|Benefit|Stock|Benefits)\s+Trust\b/i;

/** The cover or Item 2 names the filer as the trustee of the company's employee plan or employee trust (decision 354). */
export function planTrustee(bodyText: string): boolean {
  const text = bodyText.replace(/\s+/g, ' ').slice(0, 30_000);
  return PLAN_TRUST.test(text) || PLAN_TRUSTEE.test(text);
}
/**
 * Item 3 says no money bought the shares: "the Ordinary Shares ... have not been purchased by the Reporting Person, and
 * thus no funds were used" (shares received in a holder's pro rata distribution, Horizon Pharma 2014), "No funds
 * involved". The stake came by distribution, grant or office, not by a purchase the market has not seen.
 */
const NOT_PURCHASED_SERVICES =
  /\b(?:received|acquired|issued)\b[^.]{0,160}?\b(?:in consideration (?:of|for)|as compensation for|in exchange for)\b[^.]{0,80}?\bservices\b|\b(?:issued|granted|awarded) to the Reporting Person in connection with (?:his|her) (?:employment|service)\b/i;
/**
 * Decision 378: shares a fund with no public market issued to an investor that committed its capital in advance, on
 * the fund's call for it ("the Issuer issued a capital call notice to certain investors that have committed to purchase
 * Common Shares. Pursuant to such capital call notice, ... were obligated to make capital contribution", Apollo on
 * Fortress Private Lending Fund, 2025). A private BDC's or fund's drawdown, not a purchase in a market.
 */
const CAPITAL_CALL =
  /\b(?:capital call|capital draw-?down|draw-?down)(?: notices?)?\b[^.]{0,200}?\b(?:committed|commitments?|subscription agreements?)\b|\b(?:committed|commitments?|subscription agreements?)\b[^.]{0,200}?\b(?:capital call|capital draw-?down|draw-?down notice)s?\b/i;
const NOT_PURCHASED =
  /\bno funds (?:(?:were|was|have been|are)\s+)?(?:used|involved|paid|expended|required)\b|\b(?:expended|used|paid) no funds\b|\b(?:have|has|were|was) not (?:been )?(?:purchased|acquired by purchase)\b/i;
/**
 * The company paid for a business or assets with new securities, and the holder was the seller: "the Issuer acquired all
 * of the outstanding units of STC in exchange for 21,000,000 newly issued Common Units" (Sinclair on Holly Energy
 * Partners, 2022). Consideration received in a deal, not a purchase in the market.
 */
const PAID_IN_NEW_SHARES =
  /\b(?:Issuer|Company|Partnership)\s+acquired\b[^.]{0,200}?\bin exchange for\b[^.]{0,80}?\bnewly[- ]issued\b/i;
/**
 * Decision 367: the holder's owner put the shares into the holder for the holder's own units ("All shares ... were
 * contributed to the Reporting Person by PHK in exchange for all of the outstanding voting and nonvoting units of
 * Swoosh", Knight's Swoosh LLC on NIKE 2015): the same shares under the same owner, an internal reorganisation.
 */
const OWNER_CONTRIBUTION =
  /\bcontributed to the Reporting Person\b[^.]{0,80}?\bin exchange for\b[^.]{0,80}?\b(?:units|membership interests|partnership interests)\b/i;
/**
 * Decision 367: shares received for a holder's interests in the company's predecessor when it listed ("acquired in a
 * holding company reorganization in connection with the Issuer's initial public offering", Natural Grocers 2012;
 * "Immediately before the closing of the offering ... received shares of common stock ... in exchange for their ...
 * partner interests", Superior Well Services 2005): a backer's holdings from before the listing.
 */
const LISTING_EXCHANGE = [
  // "18,849,991 of the shares ... were purchased in private transactions prior to the Issuer&#146;s initial public
  // offering" (Musk on SolarCity, 2012): bought before the listing, in the same cell as shares held before it.
  /\b(?:purchased|acquired|bought)\b[^.]{0,80}?\b(?:prior to|before) the (?:Issuer\S{0,7} |Company\S{0,7} )?(?:IPO|initial public offering)\b/i,
  /\b(?:acquired|received|issued)\b[^.]{0,80}?\b(?:reorganization|reorganisation|exchange)\b[^.]{0,40}?\bin connection with the (?:Issuer\S{0,7} )?(?:IPO|initial public offering)\b/i,
  /\b(?:Immediately )?(?:before|prior to) the closing of the (?:Issuer\S{0,7} )?(?:IPO|initial public offering|offering)\b[\s\S]{0,600}?\breceived\b[^.]{0,80}?\bin exchange for\b[^.]{0,80}?\binterests\b/i,
];

export function stakeOrigin(
  bodyText: string,
): 'deal-support' | 'reorganization' | 'pre-listing' | 'plan-trustee' | 'not-purchased' | 'capital-call' | null {
  const text = bodyText.replace(/\s+/g, ' ');
  const start = text.search(ITEM_3_HEADING);
  if (start === -1) return null;
  const end = text.slice(start).search(AFTER_ITEM_5);
  const items = text.slice(start, end === -1 ? start + 30_000 : start + end);
  if (
    /\b(?:as a result of|pursuant to|in connection with) (?:the |an |a )?internal (?:reorganization|reorganisation|restructuring)\b/i.test(
      items,
    )
  )
    return 'reorganization';
  const merger = /\b(?:Agreement and Plan of Merger|Merger Agreement)\b/.test(items);
  const byAgreement =
    /\b(?:as a result of|pursuant to|by virtue of|by reason of)\b[^.]{0,160}?\b(?:Voting|Support|Tender and Support) Agreements?\b[^.]{0,300}?\b(?:deemed|beneficial)/i.test(
      items,
    ) ||
    /\birrevocable prox(?:y|ies)\b[^.]{0,200}?\b(?:Voting|Support) Agreements?\b/i.test(items) ||
    // The holders "have delivered to Motient ... irrevocable proxies to vote all of the Common Stock ... in favor of the
    // approval and adoption of the Merger Agreement" (Motient on Rare Medium, 2001): the acquirer's proxies for its deal.
    /\birrevocable proxies\b[^.]{0,200}?\bin favou?r of\b[^.]{0,120}?\b(?:Merger Agreement|the merger)\b/i.test(items);
  if (merger && byAgreement) return 'deal-support';
  if (OWNER_CONTRIBUTION.test(items)) return 'reorganization';
  if (
    LISTING_EXCHANGE.some((p) => p.test(items)) ||
    /\b(?:Prior to|Before) the (?:closing of the )?(?:Issuer's )?(?:IPO|initial public offering|Business Combination)\b[^.]{0,200}?\b(?:held|owned)\b/i.test(
      items,
    ) ||
    /\bconverted\b[^.]{0,160}?\b(?:at|upon|in connection with) the (?:closing|consummation|completion) of the (?:Issuer's )?(?:IPO|initial public offering|Business Combination)\b/i.test(
      items,
    )
  )
    return 'pre-listing';
  // Item 3 alone: where the money came from (decision 343).
  const four = items.search(/Item\s*4\.?\s*(?:[-–—:]\s*)?Purpose/i);
  const item3 = items.slice(0, four === -1 ? 2_000 : four);
  if (PLAN_TRUSTEE.test(item3)) return 'plan-trustee';
  if (CAPITAL_CALL.test(item3)) return 'capital-call';
  if (NOT_PURCHASED.test(item3)) return 'not-purchased';
  // Decision 354: shares received for services ("received the Common Stock and the Common Stock Options in
  // consideration of Reporting Person's agreement to render consulting services", Rubin on Cetalon 2001): a grant.
  if (NOT_PURCHASED_SERVICES.test(item3) || PAID_IN_NEW_SHARES.test(item3)) return 'not-purchased';
  return null;
}

/**
 * Item 5(c) of a Schedule 13D asks for every transaction in the class "effected during the past sixty days" (Rule
 * 13d-101). A first 13D is due days after the 5% line is crossed, so a holder that bought its way across it lists those
 * purchases there; one that answers "None" or "no transactions" reached its stake some other way (a distribution, a
 * merger's support agreements, an IPO or a placement months before, a plan or a reorganisation): the market has not
 * just seen it buy (decision 352). True when Item 5(c) says so, without an "except" or "other than" that lists some after all; "n/a"
 * states nothing (an answer left out), so it is not read as none.
 */
const NO_TRADES =
  /^[\s.:;)-]*none\b|\bno transactions?\b|\b(?:has|have|did|had) not (?:effected|engaged in|made|entered into) any transactions?\b|\b(?:neither|none|no (?:person|other person|one))\b[^.]{0,250}?\b(?:has|have|had) (?:effected|engaged in|made|entered into) any transactions?\b/i;

/**
 * Item 5 ("Interest in Securities of the Issuer"), whitespace squeezed, up to Item 6, or to Item 7 or the signature when
 * an amendment has no Item 6 (17 of the tune set's 13D/As: Item 5 ran on into the exhibits); null without Item 5.
 */
export function interestItem(bodyText: string): string | null {
  const text = bodyText.replace(/\s+/g, ' ');
  const five = text.search(new RegExp(ITEM_5_HEADING, 'i'));
  if (five === -1) return null;
  const rest = text.slice(five, five + 20_000);
  const six = rest.search(AFTER_ITEM_5);
  return six === -1 ? rest : rest.slice(0, six);
}

export function noRecentTrades(bodyText: string): boolean {
  const item5 = interestItem(bodyText);
  if (item5 == null) return false;
  // Item 5(c) is the "(c)" answered about transactions: one inside (a)-(b) ("(c) 59,333 shares ... issuable") is not.
  // Some covers letter it "c." under its own caption ("c. TRANSACTIONS WITHIN THE LAST 60 DAYS None.", Arfman on Global
  // Traffic Network 2006): the caption is the question, the answer follows it.
  for (const c of item5.matchAll(/(?<![\w-])\(c\)|(?<![\w.-])c\.(?=\s)/g)) {
    const answer = (
      item5.slice(c.index + c[0].length, c.index + c[0].length + 400).split(/\(d\)|\sd\.\s/)[0] ?? ''
    ).replace(/^[\s.:;)-]*transactions? (?:effected )?(?:within|in|during) the (?:last|past) (?:60|sixty) days\b/i, '');
    if (!/\btransactions?\b|^[\s.:;)-]*none\b/i.test(answer)) continue;
    return NO_TRADES.test(answer) && !/\bexcept\b|\bother than\b/i.test(answer);
  }
  return false;
}

/**
 * The holder left because the company was sold (decision 345): its shares were tendered into a tender offer for all
 * the outstanding shares ("each of the Funds tendered its Shares into the tender offer made for all outstanding Shares,
 * at a price of $22.00 per Share, pursuant to the Merger Agreement", Farallon on Moldflow 2008), or converted in the
 * company's merger into the right to receive its price. The sale of the company was the news when it was announced;
 * every holder's exit follows from it.
 */
const EXIT_BY_SALE =
  /\btender(?:ed|s)?\b[^.]{0,120}?\b(?:into|in|pursuant to)\s+(?:the|a|an)\s+(?:cash\s+)?tender offer\b[^.]{0,60}?\bfor all\b[^.]{0,40}?\boutstanding\b|\b(?:converted|exchanged)\s+(?:in|into)\s+the right to receive\b[^.]{0,300}?\b(?:Merger|merger)\b|\b(?:Merger|merger)\b[^.]{0,300}?\b(?:converted|exchanged)\s+into the right to receive\b/;

export function exitBySale(bodyText: string): boolean {
  return EXIT_BY_SALE.test(bodyText.replace(/\s+/g, ' '));
}

/**
 * Decision 354: a 13D/A filed only because the company issued shares. Item 4 says the issuer sold or issued shares and
 * that, as a result, the holder's percentage decreased ("On December 4, 2020, the Issuer reported that it had closed the
 * sale of a total of 2,000,000 shares ... As a result of that closing, the percentage ownership ... has decreased",
 * William Rose on Reata 2020): the holder did nothing; the rubric's small update (LOW).
 */
const ISSUER_ISSUED =
  /\b(?:Issuer|Company)\b[^.]{0,160}?\b(?:sale|issuance|issued|sold|offering)\b[^.]{0,120}?\bshares\b/i;
const PERCENT_FELL =
  /\bpercent(?:age)?\b[^.]{0,200}?\b(?:decreased|was reduced|has been reduced|was diluted|has been diluted)\b/i;

export function dilutionOnly(bodyText: string): boolean {
  const item4 = purposeItem(bodyText, 4_000);
  return item4 != null && ISSUER_ISSUED.test(item4) && PERCENT_FELL.test(item4);
}

/**
 * Decision 354: a 13D/A that reports the company's merger consummated and the holder's stake ended by it ("On March 1,
 * 1994, the merger of KeyCorp ... and Society ... was consummated ... the Stock Option Agreement was terminated ...,
 * thereby eliminating Society's beneficial interest", Society on KeyCorp 1994): an exit that follows the announced sale.
 */
const MERGER_CLOSED = /\b(?:merger|Merger)\b[^.]{0,200}?\b(?:was|has been|were) (?:consummated|completed)\b/;
const STAKE_ENDED =
  /\b(?:eliminat\w+|terminat\w+|ceas\w+|extinguish\w+)\b[^.]{0,120}?\bbeneficial (?:interest|ownership)\b|\bno longer (?:beneficially )?owns?\b/i;

export function exitByMerger(bodyText: string): boolean {
  const text = bodyText.replace(/\s+/g, ' ');
  return MERGER_CLOSED.test(text) && STAKE_ENDED.test(text);
}

/**
 * The cover's amendment number: "(Amendment No. 3)*", or typed without the brackets on a line of its own ("Amendment
 * No. 4", "AMENDMENT NO. 4", a table cell's "Amendment" over "No. 1"). Read in the first 5,000 characters (the cover).
 */
export function coverAmendmentNo(bodyText: string): number | null {
  const head = bodyText.slice(0, 5_000);
  const m =
    /\(\s*Amendment\s+No\.?\s*:?\s*(\d+)\s*\)/i.exec(head) ??
    /(?:^|\n)[ \t*]*Amendment\s+No\.?\s*:?\s*(\d+)\b/i.exec(head);
  return m?.[1] ? Number(m[1]) : null;
}

/** "2,261,276", "None", "0" -> a number (None is 0). */
function rowNumber(value: string | undefined): number | null {
  if (value == null) return null;
  if (/^\s*(?:none|-0-)\b/i.test(value)) return 0;
  const n = /\d[\d,]*(?:\.\d+)?/.exec(value);
  return n ? Number(n[0].replace(/,/g, '')) : null;
}

/**
 * Cover pages typed as numbered rows without the form's captions, one block per reporting person: "Item 1: Reporting
 * Person - FMR LLC", "Item 5: 2,261,276", ..., "Item 11: 8.302%" (Fidelity's 13Gs 1994-2017, its 13Ds with the 13D's
 * numbering), or "Item 11: PERCENT OF CLASS REPRESENTED BY LINE 9 --" over "5.30" (Dimensional Fund Advisors 2001).
 * The rows are the schedule's: on a 13G 5-8 the powers, 9 the amount, 11 the percent, 12 the type; on a 13D 7-10,
 * 11, 13 and 14. Empty when the cover has no such rows.
 */
export function numberedCoverPersons(bodyText: string, schedule: '13D' | '13G'): BeneficialPerson[] {
  const [sole, shared, soleDisp, sharedDisp, amount, percentRow, typeRow] =
    schedule === '13D' ? [7, 8, 9, 10, 11, 13, 14] : [5, 6, 7, 8, 9, 11, 12];
  const starts = [...bodyText.slice(0, 60_000).matchAll(/(?:^|\n)[ \t]*Item\s+1\s*:/gi)].map((m) => m.index ?? 0);
  return starts.flatMap((at, i) => {
    let block = bodyText.slice(at, starts[i + 1] ?? at + 3_000);
    // The statement's own items ("Item 1(a). Name of Issuer", "Item 1. Security and Issuer") end the last block.
    const statement = block.slice(1).search(/\n[ \t]*Item\s+1\s*(?:\(a\)|\.)/i);
    if (statement !== -1) block = block.slice(0, statement + 1);
    const rows = new Map<number, string>();
    const marks = [...block.matchAll(/(?:^|\n)[ \t]*Item\s+(\d{1,2})\s*:/gi)];
    marks.forEach((m, k) => {
      const from = (m.index ?? 0) + m[0].length;
      const value = block
        .slice(from, marks[k + 1]?.index ?? block.length)
        .replace(/\s+/g, ' ')
        .trim();
      // A caption before the value ("PERCENT OF CLASS REPRESENTED BY LINE 9 -- 5.30"): the value follows its "--".
      rows.set(Number(m[1]), value.includes('--') ? value.slice(value.indexOf('--') + 2).trim() : value);
    });
    const name = cleanPersonName(
      (rows.get(1) ?? '').replace(/^(?:the\s+)?reporting\s+persons?\s*(?:[-–—:]\s*)?/i, '').replace(/[\s-]+$/, ''),
    ).replace(/[\s-]+$/, '');
    if (!name || name.length > 150) return [];
    const percent = /^(\d{1,3}(?:\.\d+)?)\s*%?(?!\d)/.exec(rows.get(percentRow) ?? '');
    const type = /^([A-Z]{2}(?:\s*[,;/]\s*[A-Z]{2})*)\b/.exec(rows.get(typeRow) ?? '');
    return [
      {
        name,
        cik: null,
        percentOfClass: percent?.[1] && Number(percent[1]) <= 100 ? Number(percent[1]) : null,
        shares: rowNumber(rows.get(amount)),
        soleVoting: rowNumber(rows.get(sole)),
        sharedVoting: rowNumber(rows.get(shared)),
        soleDispositive: rowNumber(rows.get(soleDisp)),
        sharedDispositive: rowNumber(rows.get(sharedDisp)),
        type: type?.[1] ? type[1].split(/\s*[,;/]\s*/).join(', ') : null,
      },
    ];
  });
}

const MONTH_DATE = String.raw`[A-Z][a-z]{2,8}\.?\s+\d{1,2},?\s+\d{4}`;
const NUMERIC_DATE = String.raw`\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})`;

/** "March 1, 1994", "12/31/2015", "3/10/16" -> ISO (a two-digit year before 50 is 20xx). */
function coverDate(value: string): string | null {
  const short = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(value);
  if (short) {
    const year = Number(short[3]) < 50 ? `20${short[3]}` : `19${short[3]}`;
    return anyDateToIso(`${short[1]}/${short[2]}/${year}`);
  }
  return anyDateToIso(value.replace(/\s+/g, ' '));
}

/**
 * The cover's date of the event that requires the filing, on the layouts the caption takes: the date over
 * "(Date of Event which Requires Filing of this Statement)" with a rule of dashes or underscores between or around it
 * ("_____April 30, 2024_____", "March 1, 1994" over "_____"), typed as numbers ("12/31/2015", "3/10/16"), or after the
 * caption and a colon ("DATE OF EVENT WHICH REQUIRES FILING:  February 18, 1997"). Null when the cover has none.
 */
export function coverEventDate(bodyText: string): string | null {
  const head = bodyText.slice(0, 30_000);
  const caption = /\(?\s*Date\s+of\s+(?:the\s+)?Event\s+Which\s+Requires\s+Filing[^)\n:]*\)?/i.exec(head);
  if (!caption) return null;
  const after = new RegExp(String.raw`^\s*:?[\s_-]*(${MONTH_DATE}|${NUMERIC_DATE})\b`).exec(
    head.slice(caption.index + caption[0].length, caption.index + caption[0].length + 80),
  );
  if (after?.[1]) return coverDate(after[1]);
  // Above the caption: the last date on the lines just before it, rules of dashes or underscores aside.
  const before = head.slice(Math.max(0, caption.index - 300), caption.index);
  const dates = [
    ...before.matchAll(new RegExp(String.raw`(?:^|[\s_(-])(${MONTH_DATE}|${NUMERIC_DATE})(?=[\s_)-]|$)`, 'g')),
  ];
  const last = dates.at(-1);
  if (!last?.[1]) return null;
  // Only rules, spaces and underscores may stand between that date and the caption.
  const between = before.slice((last.index ?? 0) + last[0].length);
  return /^[\s_\-–—=]*$/.test(between) ? coverDate(last[1]) : null;
}
