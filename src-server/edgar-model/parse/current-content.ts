/**
 * What an 8-K's items say, read from each item's own text (item-sections.ts) and the exhibit 99.1
 * press release headline: the facts the importance rules decide on (score/current.ts) and the card
 * quotes. The research behind each reading is research/importance.md §1; the label each reading
 * leads to is docs/scoring.md "8-K (and 6-K) by content". Pure text rules, no I/O.
 */
import { unitScale } from '#shared/amounts';
import {
  CROSS_REFERENCE,
  type ItemSection,
  openingQuote,
  pastCrossReferences,
  sectionProse,
  sentences,
  withoutLegend,
} from './item-sections';
import type { ItemContent, OfficerFacts, OfficerRole } from './types';

/** "Vice President" and "Vice Chairman" are not the president or the chair. */
const VICE =
  /\b(?:(?:senior|executive|group|corporate|assistant)\s+)*vice[\s-]+(?:president|chair(?:man|woman|person)?)\b/gi;

const ROLE_PATTERNS: [OfficerRole, RegExp][] = [
  ['ceo', /\bchief executive officers?\b|\bCEOs?\b|\bprincipal executive officer\b/i],
  ['cfo', /\bchief financial officer\b|\bCFO\b|\bprincipal financial officer\b/i],
  ['founder', /\bfounder\b/i],
  ['coo', /\bchief operating officer\b|\bCOO\b/i],
  ['accounting', /\bchief accounting officer\b|\bprincipal accounting officer\b|\bcontroller\b/i],
  // "President of the Healthcare division" runs a business, not the company; so does a "General Manager, Healthcare"
  // and a "Group President International" (one of several presidents of the company's groups, decision 342).
  // Decision 343: the chief executive of a unit or subsidiary ("the Chief Executive Officer of Astrotech Space
  // Operations", Astrotech 2010; UNIT_CHIEF, read first) runs that business, not the company; a bank's chief lending
  // officer runs its lending ("Executive Vice President and Chief Lending Officer of Horizon Bank ... responsible for
  // the Bank's commercial lending operations", Horizon Financial 2009). A company named "... Group" is no unit, so a
  // CEO "of ... Group" is not read so.
  [
    'division_head',
    /\b(?:president|general manager|head)\b,?\s+(?:of\s+)?(?:the\s+|our\s+|its\s+)?[\w&\s’'-]{0,40}?(?:division|segment|business|unit|group|operations|region)\b|\bchief (?:lending|banking) officer\b|\bgeneral manager\b|\bgroup president\b/i,
  ],
  ['president', /\bpresidents?\b/i],
  ['chair', /\bchair(?:man|woman|person)?\b/i],
  ['officer', /\bchief [a-z]+(?: [a-z]+)? officer\b|\bgeneral counsel\b|\btreasurer\b|\bsecretary\b|\bofficer\b/i],
  ['director', /\bdirectors?\b|\bmember of (?:the|its|our) board\b|\bboard of directors\b/i],
];

/** Words that end a person's role in office; "retirement plan" and "resignation for good reason" are pay terms. */
const DEPARTURE =
  /\b(?:resign(?:ed|s|ing)?\b|resignation(?! for good reason)|retir(?:ed?|es|ing)\b|retirement(?! (?:plan|benefit|savings|income|program|account|agreement|age))|step(?:ped|s|ping)? down|will (?:leave|depart)|left the company|depart(?:ed|s|ure|ing)\b|(?:was|been|is being) terminated|termination of (?:his|her|the executive's) employment|not (?:to )?stand for re-?election|not stand for re-?election|will not (?:seek|stand)|decided not to (?:seek|stand)|cease[ds]? to (?:serve|be)|separat(?:ed|ion) from (?:the|his|her) (?:company|position|employment)|mutual(?:ly)? (?:agreed|separation)|(?:transition and (?:severance|separation)|separation and release|separation) agreement)/i;
/**
 * "the termination of James Royston, President" (Astrotech 2010): the company ends a named person's
 * service: a capitalised name followed by its title. Case-sensitive, so "termination of the agreement" or a plan's
 * "termination of Continuous Status as an Employee" is not a person leaving.
 */
const NAMED_TERMINATION =
  /\b(?:[Tt]ermination of|[Tt]erminated the employment of) (?:(?:Mr|Ms|Mrs|Dr)\.\s+)?[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?\s+[A-Z][a-z'’-]+,?\s+(?:(?:the|our|its)\s+)?(?:[A-Z][a-z]+\s+){0,3}(?:President|Officer|Chairman|Chair|Counsel|Treasurer|Secretary|Controller)\b/;
/**
 * "Mr. Iger will serve as a consultant ... on such matters as his successor as Chief Executive Officer may
 * request" (Disney 2017): an advisory role after someone's term is a departure's terms, not an office filled.
 */
const ADVISORY_ROLE =
  /\b(?:serve|act|remain|continue to serve)\s+as\s+(?:a|an)\s+(?:(?:senior|special|strategic|non-employee)\s+)?(?:consultant|advis[eo]r)\b/i;
/** "on such matters as his successor as Chief Executive Officer may request": a successor not yet named. */
const HYPOTHETICAL_SUCCESSOR = /^as (?:his|her) successor\b[^.]{0,60}?\b(?:may|might|would|could|should)\b/i;
const APPOINTMENT =
  /\b(?:appoint(?:ed|s|ment)\b|elected\b|election of\b|named\b(?! executive)|promot(?:ed|ion)\b|hired\b|will (?:join|become|serve as|assume)|to serve as|(?:will )?succeed(?:s|ed)?\b|as (?:his|her) successor|became\b)/i;
/**
 * "amended the ... Employment Agreement with Robert A. Iger ... to extend the period under which Mr. Iger would serve
 * as Chief Executive Officer" (Disney 2013): the same person kept in the office longer, no one appointed (decision 342).
 */
const EXTENDED_TERM = /\bextend(?:s|ed|ing)?\b[^.]{0,80}\b(?:period|term)\b|\bextended (?:period|term)\b/i;
const COMPENSATION =
  /\b(?:salary|bonus(?:es)?|compensation|award(?:s|ed)?|grant(?:s|ed)?|equity incentive|incentive plan|stock plan|restricted stock|performance (?:share|unit)s?|employment agreement|retention|severance|change[- ]in[- ]control|target(?:s)?\b)/i;
const IMMEDIATE =
  /\beffective immediately\b|\bimmediately effective\b|\bwith immediate effect\b|\beffective as of the date hereof\b|\bterminated (?:for|without) cause\b|\bwas terminated\b/i;
const INTERIM =
  /\b(?:interim|acting)\s+(?:chief executive|CEO|chief financial|CFO|president|principal (?:executive|financial))/i;
/** "not the result of any disagreement" and its kin deny one; a disagreement stated is a red flag. */
// Read within one sentence, so "Ms." and "Mr." may stand between the denial and the word.
const NO_DISAGREEMENT = /\b(?:no|not|nor|without|never|neither|none)\b.{0,160}?\bdisagreements?\b/i;
const DISAGREEMENT = /\bdisagreement\b/i;
/** A contract's term for disputes: "any disagreement ... shall be resolved", arbitration. */
const DISPUTE_TERM = /\b(?:shall|will|would) be (?:resolved|settled|submitted|referred)\b|\barbitrat\w*/i;
const FOLLOW_UP =
  /\b(?:previously (?:announced|disclosed|reported)|as (?:previously )?(?:announced|reported|disclosed) (?:on|in)|former\b)/i;
/** Pay terms for a departure that may happen ("in the event of a termination without cause"). */
// Decision 345: "continue as Executive Vice President and Chief Financial Officer until her retirement or other termination
// of her employment" (Estee Lauder 2012, the new CFO's agreement) bounds an open-ended term: no one leaves.
const CONDITIONAL =
  /\b(?:in the event|if (?:he|she|the executive|his|her)|upon (?:a|any|his|her|such) (?:termination|resignation|retirement|separation)|would be entitled|will be entitled|eligible to receive|until (?:his|her|their|the executive['’]s) (?:retirement|resignation|death)\b[^.]{0,20}?\bor (?:other )?(?:termination|earlier))\b/i;
const BOARD_EXIT =
  /\b(?:from|as a member of|as a director of|member of) (?:the |its |our )?(?:[A-Z][\w&.]*['’]s )?Board\b|\bstand for re-?election\b|\bfrom the board\b/i;

/** "directors Robert J. Frankenberg, Katharine A. Martin and Philip J. Quigley notified ...": three people. */
const NAME = String.raw`[A-Z][a-z'’-]+(?:\s+[A-Z]\.)*(?:\s+[A-Z][a-z'’-]+){1,2}`;
/** A list of three or more people ("B. Andrew Rose, Billy R. Vickers, Paul G. Heller and Virgil L. Winland"). */
const PERSON = String.raw`(?:[A-Z]\.\s+)?${NAME}`;
const PEOPLE_LIST = new RegExp(String.raw`${PERSON}(?:\s*,\s*${PERSON})+\s*,?\s+and\s+${PERSON}`, 'g');
/** A sentence that seats people on this board: "appointed as members of the Board", "to serve as directors". */
const BOARD_JOIN =
  /\b(?:members? of (?:the|its|our) Board|to (?:the|its|our) Board|as (?:a )?directors?\b(?! of (?!the Company)[A-Z])|to serve as directors)/;

/** How many people a board-join sentence seats at once: the longest list of names in it. */
function directorsSeated(sentence: string): number {
  if (!BOARD_JOIN.test(sentence)) return 0;
  let most = 0;
  for (const m of sentence.matchAll(PEOPLE_LIST))
    most = Math.max(most, m[0].split(/\s*,\s*(?:and\s+)?|\s+and\s+/).length);
  return most;
}
const DIRECTORS_LIST = new RegExp(String.raw`\bdirectors,?\s+(${NAME}(?:\s*,\s*${NAME})*(?:\s*,?\s+and\s+${NAME}))`);

/** How many directors a board-exit sentence names in a list after "directors" (at least one). */
function directorsListed(sentence: string): number {
  const list = DIRECTORS_LIST.exec(sentence)?.[1];
  return list ? list.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).length : 1;
}

/**
 * The title set beside the sentence's subject ("On February 13, 2020, Stephen L. Gibbs, Senior Vice President and
 * Chief Accounting Officer of Tyson Foods, Inc. (the "Company"), notified the Company of his intent to ... resign",
 * Tyson 2020): the office the person leaves, however far the verb comes after it.
 */
const SUBJECT_TITLE =
  /^(?:\([a-z]\)\s+)?(?:On [A-Z][a-z]+\.? \d{1,2}, \d{4},\s+)?(?:(?:Mr|Ms|Mrs|Dr)\.\s+)?[A-Z][\w'’-]+(?:\s+(?:[A-Z]\.|[A-Z][\w'’-]+)){1,3},\s+(?:the\s+|our\s+|its\s+)?([^,;()]{3,120}?)(?:\s+of\s+|,)/;

/** An office left beside a board seat: "from the Board ... and as the Chief Executive Officer of ...". */
const AND_AS_OFFICE =
  /\bBoard\b[^.;]{0,80}?\b(?:and|as well as)\s+(?:from\s+)?(?:(?:his|her|their)\s+(?:positions?|roles?|offices?)\s+)?as\s+(?:the\s+|its\s+|our\s+)?((?!(?:a\s+)?(?:member|director)\b)[^,;()]{3,120})/;

/** The sentence after a departure that says which office the person held. */
const HELD_ROLE =
  /\b(?:had been serving|had served|has served|was serving|served|serves|was|is)\s+(?:as\s+)?(?:the\s+|our\s+|its\s+)?[A-Z]/;
/** An office at another company ("... of Union Pacific Corporation"), not at this one. */
const ELSEWHERE =
  /\b(?:appointment|appointed|election|elected|named|to become|to accept|to join|to serve)\b[^.]{0,120}?\bof\s+(?!(?:the|our|its)\s+(?:Company|Registrant|Bank|Board)\b)(?:[A-Z][\w&.,’'-]*\s+){1,5}(?:Corporation|Corp\.?|Inc\.?|Company|Co\.|Ltd\.?|LLC|plc|N\.V\.|AG|Group|Holdings)(?![\w])/;

/** A background sentence of a biography ("has served as ... since 2010") is not the news. */
const BIOGRAPHY =
  /\b(?:has served|served as|served from|prior to (?:joining|that|his|her)|previously (?:served|held|was)|from \d{4} (?:to|until)|since \d{4}|experience|graduated|holds? an? (?:degree|B\.|M\.))/i;

/** The chief executive of a unit or subsidiary, read before the company's own CEO (decision 343; see ROLE_PATTERNS). */
const UNIT_CHIEF =
  /\b(?:chief executive officers?|CEOs?)\b,?\s+of\s+(?:the\s+|our\s+|its\s+)?[\w&\s’'-]{0,40}?(?:divisions?|segments?|business units?|businesses|units?|operations|subsidiary|subsidiaries)\b(?!,?\s*(?:Inc|Corp|Corporation|LLC|Ltd|L\.P)\b)|\b(?:chief executive officer|CEO|president)\b,?\s+of\s+(?![^,]{0,60}\bBank\b)(?:[A-Z][\w&.'’-]*\s*){1,5}(?:\([^)]{1,40}\)\s*)?,\s+(?:a|an|the Company['’]s|our|its)\s+(?:wholly[- ]owned\s+|principal\s+|operating\s+)*subsidiary\b/i;

/**
 * The office someone reports to is their superior's, not theirs (decision 345): "Mr. Lenz will serve as a Senior Advisor
 * reporting to FedEx's President and Chief Executive Officer until his retirement" (FedEx 2023) names the CEO as the
 * boss of the CFO who retires. The titles after "reporting to" (up to the clause's end) are dropped before roles are read.
 */
const REPORTS_TO =
  /\breport(?:s|ing|ed)?\s+(?:directly\s+)?to\s+(?:the\s+|our\s+|its\s+|his\s+|her\s+|[A-Z][\w&.-]*['’]s\s+)?(?:[A-Z][\w&-]*\s+|and\s+|of\s+|the\s+|,\s*)*(?:Officer|President|Chair(?:man|woman|person)?|Board|Director|Counsel)\b/g;

/** A name the filing defines with a term: "Consumer & Community Banking ("CCB")", "JPMorgan Chase & Co. (... the "Firm")". */
const DEFINED_TERM =
  /([A-Z][\w&.'’-]*(?:\s+(?:&|and|of|the|[A-Z][\w&.'’-]*)){0,6})\s*\(([^()]{0,80}?)["“]([A-Z][\w&'’-]{1,24}(?: [A-Z][\w&'’-]*){0,2})["”][^()]{0,40}\)/g;
/** The company's own terms, or a name with a legal form: the company (or another company), not a part of it. */
const COMPANY_TERM =
  /["“](?:Company|Firm|Registrant|Corporation|Issuer|Parent)["”]|\b(?:Inc|Corp|Corporation|Co|Company|Ltd|LLC|plc|L\.P|N\.A|Holdings|Group)\.?\s*$/;

/**
 * The chief of a part the filing names by its own term: "Marianne Lake, current CEO of CCB, has decided to retire" where
 * the filing defined "Consumer & Community Banking ("CCB")" (JPMorgan 2026): the head of a business, not the company's CEO.
 * Null when the filing defines no such term.
 */
function unitTermChief(prose: string): RegExp | null {
  const terms = new Set<string>();
  for (const m of prose.matchAll(DEFINED_TERM)) {
    if (COMPANY_TERM.test(m[1]!) || COMPANY_TERM.test(`${m[2]}"${m[3]}"`)) continue;
    terms.add(m[3]!);
    // The name it defines: the words after the last "of" or "the" ("Co-CEOs of the Commercial & Investment Bank").
    const name = m[1]!
      .split(/\s+(?:of|the)\s+/i)
      .at(-1)!
      .trim();
    if (name.split(/\s+/).length >= 2) terms.add(name);
  }
  if (terms.size === 0) return null;
  const names = [...terms].map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return new RegExp(
    String.raw`\b(?:chief executive officers?|CEOs?|presidents?)\b,?\s+of\s+(?:the\s+)?(?:${names})(?![\w&'’-])`,
    'i',
  );
}

export function rolesIn(text: string, unitChief: RegExp | null = null): OfficerRole[] {
  const plain = text.replace(REPORTS_TO, ' ').replace(VICE, 'officer');
  const roles: OfficerRole[] = [];
  let rest = plain;
  // Every unit chief the text names ("sole CEO of the CIB, and ... CEO of Consumer & Community Banking") is set aside.
  for (const unit of [UNIT_CHIEF, unitChief]) {
    while (unit?.test(rest)) {
      if (!roles.includes('division_head')) roles.push('division_head');
      rest = rest.replace(unit, ' ');
    }
  }
  for (const [role, re] of ROLE_PATTERNS) {
    if (re.test(rest)) {
      roles.push(role);
      // "President of the Healthcare division" must not also read as the president.
      if (role === 'division_head') rest = rest.replace(re, ' ');
    }
  }
  return roles;
}

/** Roles named near a change verb: from the sentence start to a little after the verb. */
function rolesNear(sentence: string, verb: RegExp, before = 160, unitChief: RegExp | null = null): OfficerRole[] {
  const m = verb.exec(sentence);
  if (!m) return [];
  const at = m.index;
  return rolesIn(sentence.slice(Math.max(0, at - before), at + m[0].length + 140), unitChief);
}

/**
 * A departure already in effect when the company reports it: "On September 4, 2009, Horizon Financial Corp.
 * announced that Greg B. Spear, Chief Financial Officer ... resigned. Mr. Spear's resignation is effective as of
 * September 3, 2009." No notice period: the rubric's "effective immediately" in other words. The report's date is
 * the item's first "On <date>"; the effective date is stated in the departure sentence or the one after it.
 */
const EFFECTIVE_ON =
  /\b(?:effective|resigned|retired|departed|terminated)\b[^.]{0,40}?\b(?:as of |on )?((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4})/;

function effectiveBeforeReport(sentence: string, next: string, prose: string): boolean {
  const reported =
    /\bOn ((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4})/.exec(
      prose.slice(0, 600),
    )?.[1];
  const effective = (EFFECTIVE_ON.exec(sentence) ?? EFFECTIVE_ON.exec(next))?.[1];
  if (!reported || !effective) return false;
  const [r] = isoDates(reported);
  const [e] = isoDates(effective);
  return r != null && e != null && e <= r;
}

/**
 * Decision 350: a wide net for an officer's departure, written from the rubric's 5.02 row and plain English, read apart
 * from DEPARTURE/rolesNear so that a departure those miss is not a pay-only filing. Its exclusions (NET_NOT_NOW: "if",
 * "unless", "good reason", "the right to", "defined", a quoted comment; "separate" as an adjective) were widened once,
 * after reading the sentences of the tune rows the first version moved wrongly; the rest was written before any row.
 */
/** Global: read with matchAll only (never .test, whose lastIndex a global regex keeps). */
const NET_LEAVING =
  /\b(?:resign(?:s|ed|ing|ation)?|retir(?:es?|ed|ing|ement)|step(?:s|ped|ping)? (?:down|aside)|terminat(?:ed|es?|ing|ion)|depart(?:s|ed|ing|ure)?|leav(?:es?|ing)|left|separat(?:es|ed|ing|ion)|will separate|cease[sd]? (?:to (?:serve|be|hold)|serving)|no longer (?:serve|be|hold)|not (?:to )?(?:stand|seek|be nominated) for re-?election|relinquish(?:es|ed|ing)?|vacate[sd]?|remov(?:ed|al)|dismiss(?:ed|al)|pass(?:ed)? away|died|death)\b/gi;
const NET_TITLE =
  /\b(?:chief [a-z]+(?: [a-z]+){0,2} officer|(?:executive |senior |group )?(?:vice )?president|CEO|CFO|COO|CAO|CTO|CIO|CLO|general counsel|treasurer|controller|corporate secretary|principal (?:executive|financial|accounting|operating) officer|(?:executive )?chair(?:man|woman|person)?|founder|executive officer)\b/i;
/** The CEO's and the CFO's titles (shared by both nets, decision 353). */
const TOP_CHIEF = 'chief (?:executive|financial) officer|principal (?:executive|financial) officer|CEO|CFO';
/** The company's president, not a vice, group or division president, nor the president "of" a named unit. */
const TOP_PRESIDENT = String.raw`(?<!(?:vice|group|division|regional|segment|unit) )president(?! of (?!the company\b)[A-Z]?[a-z]+)`;
/** The offices the rubric ranks HIGH when they are left with notice: the CEO, the CFO, the company's president, the chair. */
const NET_TOP = new RegExp(
  String.raw`\b(?:${TOP_CHIEF}|${TOP_PRESIDENT}|(?:executive )?chair(?:man|woman|person)?(?! of the [A-Za-z]+ committee)|founder)\b`,
  'i',
);
/**
 * Mentions of a departure that is not this filing's news: past, hypothetical (an agreement's terms: "if", "unless",
 * "good reason", "the right to"), a plan's or an agreement's terms, or a quoted comment (as officerFacts skips).
 */
const NET_NOT_NOW =
  /\b(?:former(?:ly)?|previously (?:announced|disclosed|reported|served)|as (?:previously )?(?:announced|reported|disclosed) (?:on|in)|prior to (?:joining|his|her)|in the event|if|unless|should|good reason|(?:the )?right to|defined|(?:upon|following|after) (?:a|any|his|her|such|the|their) (?:termination|resignation|retirement|separation|death)|(?:would|will) be entitled|eligible (?:to|for)|retirement (?:plan|benefit|savings|income|program|account|age)|termination (?:of|under) (?:the|this|such|that|an?) (?:agreement|plan|arrangement)|terminat(?:ed|es?|ing) (?:the|this|such|that|an?|its|his|her) (?:[a-z]+ )?(?:agreement|plan|arrangement)|severance (?:plan|policy|pay|benefits)|change[- ]in[- ]control)\b|\b(?:commented|said|stated|added)\b[^.]{0,10}[“"]/i;
const NET_NEAR = 80;
const NET_SAID_MAX = 220;

/**
 * Decision 350: the net's reading of one item's text (see NET_LEAVING): 'top' when a top office is beside the word,
 * with the sentence it read (the card's "Why" quotes it, so the reader sees what the label rests on).
 */
export function departureNet(prose: string): { level: 'top' | 'officer'; said: string } | null {
  let found: { level: 'top' | 'officer'; said: string } | null = null;
  for (const s of sentences(prose).slice(0, 40)) {
    if (NET_NOT_NOW.test(s)) continue;
    for (const m of s.matchAll(NET_LEAVING)) {
      const near = s.slice(Math.max(0, m.index - NET_NEAR), m.index + m[0].length + NET_NEAR);
      if (!NET_TITLE.test(near)) continue;
      const said = netSaid(s);
      if (NET_TOP.test(near)) return { level: 'top', said };
      found ??= { level: 'officer', said };
    }
  }
  return found;
}

function netSaid(s: string): string {
  return s.length > NET_SAID_MAX ? `${s.slice(0, NET_SAID_MAX - 1).trimEnd()}…` : s;
}

/**
 * Decision 353: the appointment companion of the departure net, for the rubric's "a new CEO/CFO is appointed" (HIGH)
 * that APPOINTMENT/rolesNear miss. The vocabulary was written from the rubric and plain English before any row was read:
 * appointed, elected (not re-elected), named (not "named executive officer"), promoted, hired, will join / serve as /
 * become / assume, succeeds, designated, selected, chosen. Global: read with matchAll only.
 */
const NET_JOINING =
  /\b(?:appoint(?:s|ed|ing|ment)|(?<!re-?)elect(?:s|ed|ing|ion)|nam(?:ed|es)(?! executive officers?\b)|promot(?:es|ed|ing|ion)|hir(?:es|ed|ing)|(?:will|to) (?:join|become|assume)|(?<!continue )(?<!continues )(?:will|to) serve as|joins|joined|became|has become|succeed(?:s|ed|ing)?|successor|assum(?:es|ed|ing) the (?:role|position|title|duties|office)|designat(?:ed|es)|selected|chosen|accepted (?:an offer|the position))\b/gi;
/** The offices whose appointment the rubric ranks HIGH: the CEO, the CFO, the company's (co-)president; not the chair. */
const NET_TOP_IN = new RegExp(String.raw`\b(?:${TOP_CHIEF}|${TOP_PRESIDENT}s?)\b`, 'i');
/** A successor searched for, or a succession plan, is no appointment made (noAppointmentMade reads the rest). */
const NET_NOT_MADE = /\b(?:search for|succession plan(?:ning)?)\b/i;
/** "Steven G. Chambers, who was promoted to ...": a relative clause tells the person's past, not this filing's news. */
const NET_WHO_WAS = /\bwho (?:was |had been |has been )?$/i;

/**
 * Decision 353: the net's reading of one item's text: the office named after an appointment word (the office one is
 * appointed to follows the verb: "appointed X as", "named", "promoted to", "will join as"; a title before it is
 * usually the announcer's or the person's present one), within NET_NEAR characters, in a sentence that is not past,
 * conditional, an agreement's terms, a quoted comment, a biography or a plan. 'top' for the CEO, CFO or president.
 */
export function appointmentNet(prose: string): { level: 'top' | 'officer'; said: string } | null {
  let found: { level: 'top' | 'officer'; said: string } | null = null;
  for (const s of sentences(prose).slice(0, 40)) {
    if (NET_NOT_NOW.test(s) || NET_NOT_MADE.test(s) || noAppointmentMade(s) || isBiography(s)) continue;
    for (const m of s.matchAll(NET_JOINING)) {
      if (!/^(?:will|to)\b/i.test(m[0]) && NET_WHO_WAS.test(s.slice(Math.max(0, m.index - 16), m.index))) continue;
      // The title must begin within NET_NEAR characters, not end there: "the appointment of Thomas Beaudoin, age 54, as
      // its Executive Vice President and Chief Financial Officer" names the CFO's office.
      const after = s.slice(m.index + m[0].length, m.index + m[0].length + NET_NEAR + 40);
      const begins = (re: RegExp) => (re.exec(after)?.index ?? NET_NEAR) < NET_NEAR;
      // Top first: "Co-Presidents" is a top office that NET_TITLE's singular "president" does not read.
      if (begins(NET_TOP_IN)) return { level: 'top', said: netSaid(s) };
      if (begins(NET_TITLE)) found ??= { level: 'officer', said: netSaid(s) };
    }
  }
  return found;
}

/**
 * An appointment sentence that fills no office now: one planned ("will name", "expects to"), a role elsewhere ("resigning
 * ... following his appointment as CEO of Union Pacific"), an advisory role, a successor who "may request", or a term
 * extended. Read by officerFacts and, since decision 353, by the appointment net.
 */
function noAppointmentMade(s: string): boolean {
  const cue = APPOINTMENT.exec(s);
  return (
    /\bwill (?:name|appoint)\b|\bexpects? to\b/i.test(s) ||
    (DEPARTURE.test(s) && ELSEWHERE.test(s)) ||
    ADVISORY_ROLE.test(s) ||
    (cue != null && HYPOTHETICAL_SUCCESSOR.test(s.slice(cue.index))) ||
    EXTENDED_TERM.test(s)
  );
}

/** A sentence of someone's past career, unless it also states this filing's change. */
function isBiography(s: string): boolean {
  return BIOGRAPHY.test(s) && !/\bwill\b|\beffective\b|\bannounced\b/i.test(s);
}

/** Item 5.02: who leaves or arrives, in which role, how, and whether it is only about pay. */
export function officerFacts(prose: string): OfficerFacts {
  const facts: OfficerFacts = {
    departures: [],
    appointments: [],
    immediate: false,
    interim: false,
    disagreement: false,
    followUp: false,
    compensation: false,
  };
  const all = sentences(prose).slice(0, 40);
  const unitChief = unitTermChief(prose);
  for (const [at, s] of all.entries()) {
    const bio = isBiography(s);
    if (COMPENSATION.test(s)) facts.compensation = true;
    // Decision 359: a disagreement the person cites, not a term for one that may arise ("any disagreement ... shall be
    // resolved by arbitration", "in the event of a disagreement").
    if (DISAGREEMENT.test(s) && !NO_DISAGREEMENT.test(s) && !CONDITIONAL.test(s) && !DISPUTE_TERM.test(s))
      facts.disagreement = true;
    // A quoted comment ("In connection with X's retirement, the CEO commented, ...") names roles that do not change.
    if (bio || /\b(?:commented|said|stated|added)\b[^.]{0,10}[“"]/.test(s)) continue;
    const leaving = DEPARTURE.test(s) ? DEPARTURE : NAMED_TERMINATION.test(s) ? NAMED_TERMINATION : null;
    if (leaving && !CONDITIONAL.test(s)) {
      // "will not stand for re-election", "retire from the Board": a director leaves, whatever titles the sentence also names.
      let roles = BOARD_EXIT.test(s)
        ? (Array.from({ length: directorsListed(s) }, () => 'director') as OfficerRole[])
        : rolesNear(s, leaving, 160, unitChief);
      // "X resigned from the Company. Mr. X had been serving as General Manager, Mobile Division."
      const next = all[at + 1] ?? '';
      if (roles.length === 0 && HELD_ROLE.test(next)) roles = rolesIn(next, unitChief);
      // The verb far from the subject's own title: the title beside the name says which office is left. Only when
      // nothing more specific than "an officer" stands near the verb ("X, our CEO, said that Y, the CFO, will resign").
      // A chair who leaves the board leaves the chair ("John P. McConnell, Executive Chairman ..., intends to step down
      // from the Board", Worthington 2023).
      const title = SUBJECT_TITLE.exec(s)?.[1];
      const titled = title ? rolesIn(title, unitChief) : [];
      if (BOARD_EXIT.test(s)) {
        if (titled.includes('chair')) roles = [...roles, 'chair'];
        // "to resign from the Board of Directors of Astrotech and as the Chief Executive Officer of Astrotech Space
        // Operations": the office named beside the board seat is left too (decision 343).
        const office = AND_AS_OFFICE.exec(s)?.[1];
        if (office) roles = [...roles, ...rolesIn(office, unitChief).filter((r) => r !== 'director')];
      } else if (titled.length > 0 && roles.every((r) => r === 'officer')) roles = [...new Set([...roles, ...titled])];
      // "the former CEO's separation agreement" follows up a departure reported before.
      const followUp = FOLLOW_UP.test(s);
      facts.departures.push(...roles.map((role) => ({ role, followUp })));
      if ((IMMEDIATE.test(s) || effectiveBeforeReport(s, next, prose)) && roles.length > 0) facts.immediate = true;
    }
    if (APPOINTMENT.test(s)) {
      // "X was appointed Chief Executive Officer": the role follows the verb; "a new CEO will be appointed to the Board" is a plan.
      // "resigning from the Board following his appointment as CEO of Union Pacific": a role elsewhere.
      const planned = noAppointmentMade(s);
      const roles = planned ? [] : rolesNear(s, APPOINTMENT, 70, unitChief);
      facts.appointments.push(...roles.map((role) => ({ role, followUp: FOLLOW_UP.test(s) })));
      if (roles.includes('president') && /\bco-presidents?\b/i.test(s) && !FOLLOW_UP.test(s)) facts.coPresidents = true;
      // "increased the Board from five to nine ... A, B, C and D were each appointed": a board reset, not one director.
      const seated = planned || FOLLOW_UP.test(s) ? 0 : directorsSeated(s);
      if (seated > 0) facts.directorsJoining = Math.max(facts.directorsJoining ?? 0, seated);
    }
    if (INTERIM.test(s)) facts.interim = true;
  }
  facts.followUp = facts.departures.length > 0 && facts.departures.every((d) => d.followUp);
  const net = departureNet(prose);
  if (net) {
    facts.departureNet = net.level;
    facts.departureNetSaid = net.said;
  }
  const joining = appointmentNet(prose);
  if (joining) {
    facts.appointmentNet = joining.level;
    facts.appointmentNetSaid = joining.said;
  }
  return facts;
}

const AMOUNT = /(?:US)?\$\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(billion|million|thousand|bn|mm|m\b)?/gi;
/** Sums that are not the deal's price: fees, per-share prices, thresholds. */
const NOT_PRICE =
  /\b(?:per share|termination fee|break-?up fee|reverse termination|fee of|deductible|threshold|basket|cap of|dividend|adjustment)\b/i;

/** "$1.1 million", "$3.7 billion", "$2.25 bn", "$90 mm", "$300,000,000" -> dollars. */
function dollars(amount: string, unit: string | undefined): number {
  return Number(amount.replace(/,/g, '')) * unitScale(unit);
}

/** The dollars an AMOUNT match states. */
function amountOf(m: RegExpMatchArray): number {
  return dollars(m[1]!, m[2]);
}

/** The largest dollar sum stated as a price or size in the first part of the item. */
/** A sentence that names its sum as the deal's price, not a revenue, a debt or a combined company's size. */
const PRICE_WORDS =
  /\b(?:purchase price|(?:aggregate |total |merger |cash )?consideration|aggregate (?:cash )?(?:purchase |sale )?price|price of|valued at|(?:transaction|enterprise|equity|deal) value|in exchange for|an aggregate of (?:approximately |about )?(?:US)?\$|\b(?:to pay|paid|pays|will pay)\b|for (?:a total of |an aggregate of |total |aggregate )?(?:approximately |about |roughly )?(?:US)?\$)/i;

/** Decision 359: the largest sum stated in a sentence that names it as the deal's price, or null. */
function pricedAmount(prose: string): number | null {
  let best: number | null = null;
  for (const s of sentences(prose.slice(0, 6_000))) {
    if (!PRICE_WORDS.test(s)) continue;
    const value = statedAmount(s);
    // Under $1,000 is a par value or a unit's price, never a deal's.
    if (value != null && value >= 1_000 && (best == null || value > best)) best = value;
  }
  return best;
}

function statedAmount(prose: string): number | null {
  let best: number | null = null;
  const text = prose.slice(0, 6_000);
  for (const m of text.matchAll(AMOUNT)) {
    const around = text.slice(Math.max(0, (m.index ?? 0) - 40), (m.index ?? 0) + m[0].length + 25);
    if (NOT_PRICE.test(around)) continue;
    const value = amountOf(m);
    // As in pricedAmount: under $1,000 ("$19.00 plus ... 50% of the value" of a Disney share) is a price per share or a
    // par value, never a deal's size.
    if (Number.isFinite(value) && value >= 1_000 && (best == null || value > best)) best = value;
  }
  return best;
}

/**
 * A credit facility renewed: a new agreement that "replaces" an existing one and is no larger ("replaces the
 * Registrant's $2.25 billion Three-Year Credit Agreement" with a new $2.25 billion one, Disney 2012; "replaced
 * Nuance's Revolving Credit Agreement dated as of April 15, 2016", Nuance 2021). The company's borrowing capacity is
 * what it was: no new debt. A larger new amount than the one replaced, or enlarging wording, is not a renewal.
 */
const REPLACES_FACILITY =
  /\breplac(?:e|es|ed|ing)\b(?:[^.]|\.\d){0,160}\b(?:credit (?:agreement|facilit(?:y|ies))|revolving (?:credit )?(?:agreement|facilit(?:y|ies)|line))\b|\b(?:credit (?:agreement|facilit(?:y|ies))|revolving credit (?:agreement|facility))\b(?:[^.]|\.\d){0,80}\b(?:replac(?:e|es|ed|ing)|in replacement of)\b/i;

function amountsIn(text: string): number[] {
  return [...text.matchAll(AMOUNT)].map(amountOf);
}

/**
 * A backup line for commercial paper (decision 345): a credit facility entered "to support commercial paper
 * borrowings" (Disney's 364-Day Credit Agreement, 2013) stands behind paper already issued and is drawn only if the
 * paper cannot be rolled; a 364-day line is renewed every year by design. It adds no debt of its own.
 */
const BACKS_PAPER =
  /\b(?:credit (?:agreement|facilit(?:y|ies))|(?:revolving|backup|back-up|liquidity) (?:credit )?(?:facilit(?:y|ies)|line))\b[^.]{0,200}?\b(?:to support|supporting|to back(?:\s+up)?|backing|as (?:a )?(?:backup|back-up|liquidity support) for)\s+(?:its |the (?:Company['’]s |Registrant['’]s )?|our )?commercial paper\b/i;

function renewsFacility(prose: string): boolean {
  const head = prose.slice(0, 2_000);
  if (ENLARGED.test(head)) return false;
  const replacing = sentences(head).filter((s) => REPLACES_FACILITY.test(s));
  // A backup line that names no facility it replaces: its size cannot be compared, its purpose says enough.
  if (replacing.length === 0) return BACKS_PAPER.test(head);
  // The amounts stated after "replace" are the old facilities'; no new amount may exceed the largest of them.
  const old = replacing.flatMap((s) => amountsIn(s.slice(s.search(/\breplac/i))));
  return old.length === 0 || Math.max(...amountsIn(head)) <= Math.max(...old);
}

/**
 * Notes sold under the company's standing debt programme: a "Terms Agreement" (one takedown under a standing
 * underwriting agreement, Disney's global notes 2012-2017) or medium-term notes. Only a frequent, large issuer keeps
 * such a programme; each takedown is its normal-course funding, as the rubric reads a debt takedown under a shelf.
 */
function debtProgramme(text: string): boolean {
  return (
    /\bmedium-term notes\b/i.test(text) ||
    sentences(text.slice(0, 3_000)).some((s) => /\bterms agreement\b/i.test(s) && /\bnotes\b/i.test(s))
  );
}

/**
 * A regulator's enforcement order the company (or its bank) consents to, filed as a material agreement: "entered into a
 * Stipulation and Consent to the Issuance of an Order to Cease and Desist with the Federal Deposit Insurance
 * Corporation" (Horizon Financial 2009), a consent order, a written or formal agreement with a bank regulator. It limits
 * what the company may do (dividends, capital): news about the company, not a contract (decision 342).
 */
const REGULATORY_ORDER =
  /\bcease[- ]and[- ]desist\b|\bconsent order\b|\bprompt corrective action directive\b|\b(?:written|formal) agreement with (?:the )?(?:Federal Reserve|Office of the Comptroller|OCC|Office of Thrift Supervision|OTS|FDIC|Federal Deposit|(?:[A-Z][a-z]+ )?(?:State )?(?:Department|Division) of (?:Financial Institutions|Banking))/i;
/**
 * Decision 345 widens decision 342's reading from the 1.01 to any item's text: the company (or its bank) states that it
 * entered into, consented to or received such an order ("The Bank entered into a Written Agreement with the Federal Reserve
 * Bank ..."), not a merger agreement's boilerplate about "cease-and-desist or other orders".
 */
function enforcementOrder(text: string): boolean {
  return sentences(text).some(
    (s) =>
      REGULATORY_ORDER.test(s) &&
      /\b(?:entered into|consent(?:s|ed)? to|stipulat\w+|agreed to|received|issued|became subject to|is subject to)\b/i.test(
        s,
      ),
  );
}

/** Enlarging wording: "$90 million of additional term debt", "increases the commitments". */
const ENLARGED =
  /\b(?:additional|incremental) (?:term (?:debt|loans?)|borrowings?|commitments?)\b|\bincreas\w* (?:the )?(?:aggregate )?(?:principal amount|commitments?|(?:size of the )?(?:term loan|revolving credit) facility|borrowing capacity)\b|\bexpanded (?:credit )?facility\b/i;

/**
 * The company itself is the one bought: it merges into the buyer's subsidiary or its shares are bought out. "The
 * Company" must be the one that merges: "the Company's shareholders, pursuant to which Sub will merge with and into
 * Swype" names the target's holders, and the subject that merges is the buyer's subsidiary (decision 342).
 */
// "with and into the Company" is the company bought only when the one merging in is a buyer's merger vehicle ("Merger Sub
// will merge with and into the Company", "Subsidiary shall be merged with and into the Company") or the company survives
// as another's subsidiary; "First Federal will merge with and into the Bank" is the company buying (decision 359).
const BEING_ACQUIRED =
  /\b(?:Merger Sub(?:sidiary)?|Sub|Subsidiary|Acquisition (?:Sub|Subsidiary|Corp|Corporation|Co)|Merger (?:Corp|Co)|Newco|Purchaser|(?:wholly[- ]owned |direct |indirect )?subsidiary of [A-Z][^.]{0,60}?)(?:\s+(?:will|shall|would|is to|to)(?: be)?)?\s+(?:merge|merged|merging)\s+with and into the (?:Company|Registrant|Bank)\b|\bmerger of (?:Merger )?Sub(?:sidiary)? with and into the (?:Company|Registrant|Bank)\b|\bwith and into the (?:Company|Registrant|Bank)\b[^.]{0,120}?\b(?:surviving|continuing|survive|continue|remain|become)s?\b[^.]{0,40}?\bsubsidiary of\b|\bthe (?:Company|Registrant) (?:will|would|shall) (?:survive|continue|become)[^.]{0,60}wholly[- ]owned subsidiary of\b|\bagreed to be acquired\b|\bwill be acquired by\b|\b(?:the Company|the Registrant)\b(?!['’]s\b)[^.]{0,40}\bwill merge with and into\b|\bmerge with and into [A-Z][\w.&,\s]{2,60}?, with [A-Z][\w.&\s]{2,60}? (?:surviving|continuing)/;
const ACQUIRING = /\b(?:acquir\w+|purchas\w+|merger|combination|buy)\b/i;
const DISPOSING = /\b(?:sell|sale of|sold|divest\w*|dispos\w+|spin-?off|separation)\b/i;
const FINANCING =
  /\b(?:credit (?:agreement|facility)|revolving|term loan|loan agreement|indenture|notes? (?:due|offering)|senior (?:unsecured )?notes|underwriting agreement|purchase agreement with the (?:initial purchasers|underwriters)|commercial paper|note purchase agreement|(?:private )?shelf agreement|note agreement|securitization|receivables)\b|\b(?:senior |secured |unsecured |convertible )?notes due\b|\b(?:convertible |subordinated |senior )*debentures\b/i;
/**
 * New shares sold under an underwriting or purchase agreement (decision 345): "an underwritten public offering of
 * 7,762,500 shares of its common stock" is dilution, not debt. Weighed as the financing it is; the words say shares.
 */
const SHARES_SOLD =
  /\b(?:underwrit\w+|public offering|registered direct offering|purchase agreement)\b[^.]{0,200}?\b(?:shares of (?:its |our |the Company['’]s )?common stock|ordinary shares|American Depositary Shares)\b/i;
/** The company as the seller (decision 345): "relating to the sale of the Company's Document Imaging division". */
const COMPANY_SELLS =
  /\bsale of (?:the (?:Company|Registrant)['’]s|its|our)\b|\b(?:the (?:Company|Registrant)|we) (?:will |has agreed to |agreed to )?(?:sell|sold)\b/i;
/**
 * Pay filed as a material agreement: employment terms, plans, and (decision 343) salaries raised or directors' fees and
 * retainers set ("increased the salaries of four executive officers", Horizon Financial 2006; "reviewed the compensation
 * of non-employee directors and approved ... fixed retainers", Nuance 2011). What the company pays its own executives
 * and directors is compensation, not a business contract, whatever dollar figures the table states.
 */
const COMP_AGREEMENT =
  /\b(?:employment agreement|retirement (?:agreement|plan|benefit)|salary continuation|severance|change[- ]in[- ]control agreement|incentive plan|stock plan|vesting|option awards?|retention|base salar(?:y|ies)|salaries|(?:director|board|committee) (?:fees|retainers?)|retainers? (?:fees? )?(?:for|of|paid to) (?:non-employee )?directors|compensation of (?:the |its |our )?(?:non-employee |independent |outside )?directors)\b/i;
const RIGHTS_PLAN = /\brights (?:agreement|plan)\b/i;
/**
 * The company buys back a block of its own shares under an agreement with the holder ("entered into an agreement ... to
 * repurchase 26,315,790 shares of common stock, $0.001 par value of the Company ... at a price of $19.00 per share ...
 * from Icahn Partners LP, ... (collectively, the “Icahn Group”)", Nuance 2016): a buyback, not an acquisition.
 */
const OWN_SHARES_BOUGHT =
  /\b(?:repurchase|buy back)\s+(?:an aggregate of\s+)?(\d{1,3}(?:,\d{3})+)\s+shares of (?:(?:the Company['’]s|its)\s+)?common stock\b(?:[^.;]{0,80}?\bof the Company\b)?/i;
const PER_SHARE = /\bprice of \$\s?(\d+(?:\.\d+)?) per share\b/i;
const SOLD_BY =
  /\bfrom\s+([^.;]{3,200}?)\s*\((?:collectively,\s+)?the\s+[“"]([^”"]{2,40})[”"]\)|\bfrom\s+([A-Z][\w.&'’-]*(?: [A-Z][\w.&'’-]*){0,5})/;

/** The block bought back, when the item's opening states one: its share count, the price it sums to, and the seller. */
function ownSharesBought(head: string): { shares: number; amountUsd: number | null; from: string | null } | null {
  const m = OWN_SHARES_BOUGHT.exec(head);
  if (!m?.[1]) return null;
  // "... of the Company": the company's own stock, not a target's ("repurchase ... shares of common stock of Acme").
  const after = head.slice((m.index ?? 0) + m[0].length);
  if (/^,?\s+of (?!the Company\b)[A-Z]/.test(after)) return null;
  const shares = Number(m[1].replace(/,/g, ''));
  const price = PER_SHARE.exec(head.slice(m.index ?? 0, (m.index ?? 0) + 400))?.[1];
  const seller = SOLD_BY.exec(head.slice(m.index ?? 0, (m.index ?? 0) + 600));
  return {
    shares,
    amountUsd: price ? Math.round(shares * Number(price)) : null,
    from: seller?.[2] ? `the ${seller[2]}` : (seller?.[3] ?? null),
  };
}
/**
 * A lease of the company's own premises (decision 345): "entered into a lease extension agreement ... to continue leasing
 * office space in the building ..., the Company's headquarters" (Asta Funding 2005, about $219,000 a year). Where the
 * company works is an ordinary-course operating contract, not a deal; the lease is read in the item's first sentences.
 */
const PREMISES_LEASE =
  /\blease\b[^.]{0,160}?\b(?:office|headquarters|premises|warehouse|manufacturing|laboratory|retail) (?:space|building|facility|facilities)?\b|\b(?:leas(?:e|ing))\b[^.]{0,40}?\b(?:office|floor) space\b|\b(?:office|headquarters|premises) lease\b/i;

const MONTH_DATE =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}), (\d{4})\b/g;
const MONTHS = 'January February March April May June July August September October November December'.split(' ');

function isoDates(sentence: string): string[] {
  return [...sentence.matchAll(MONTH_DATE)].map(
    (m) => `${m[3]}-${String(MONTHS.indexOf(m[1]!) + 1).padStart(2, '0')}-${m[2]!.padStart(2, '0')}`,
  );
}

/**
 * The dates on which something happened: a date that ends a reporting period ("net revenues for the twelve month
 * period ended June 30, 1996", "the quarter ending March 31") measures the business, it is no event (decision 345).
 */
function eventDates(sentence: string): string[] {
  return isoDates(sentence.replace(new RegExp(`\\b(?:ended|ending)\\s+(?:on\\s+)?${MONTH_DATE.source}`, 'g'), ' '));
}

/**
 * A completion of a deal agreed before: the text dates the agreement (or its announcement) before
 * the closing ("On June 6 ... announced ... a definitive merger agreement ... The merger was
 * completed on September 8"), or closes under an agreement that was amended since it was signed.
 */
function completesEarlierAgreement(prose: string): boolean {
  const head = sentences(prose.slice(0, 3_000)).slice(0, 8);
  const agreed = head
    .filter((s) => /\b(?:agreement|announced)\b/i.test(s) && !/\b(?:completed|consummated|closed)\b/i.test(s))
    .flatMap(eventDates);
  const done = head.filter((s) => /\b(?:completed|consummated|closed|acquired)\b/i.test(s)).flatMap(eventDates);
  if (agreed.length > 0 && done.length > 0 && agreed.sort()[0]! < done.sort().at(-1)!) return true;
  return /\bpursuant to (?:a|an|the) (?:[A-Z][\w-]*\s+){0,4}Agreement,? as amended\b/.test(prose.slice(0, 3_000));
}

/**
 * A 3.02 that reports the closing of a sale agreed earlier ("On May 20, 2008, Nuance sold 5,760,369 shares ... to
 * Warburg Pincus ... pursuant to the terms of a purchase agreement dated April 7, 2008"): the agreement was the
 * news, as the closing of notes priced the week before is.
 */
const SOLD_UNDER_AGREEMENT =
  /\b(?:sold|issued)\b.{0,500}?\bpursuant to (?:the terms of )?(?:a|an|the) (?:[\w-]+\s+){0,4}agreement,? dated (?:as of )?([A-Z][a-z]+ \d{1,2}, \d{4})/;

function closesEarlierSale(prose: string): boolean {
  for (const s of sentences(prose.slice(0, 2_000)).slice(0, 3)) {
    const m = SOLD_UNDER_AGREEMENT.exec(s);
    const on = /^On ([A-Z][a-z]+ \d{1,2}, \d{4})/.exec(s)?.[1];
    if (!m || !on) continue;
    const [agreed] = isoDates(m[1]!);
    const [sold] = isoDates(on);
    if (agreed && sold && agreed < sold) return true;
  }
  return false;
}

/**
 * The company's own holders vote on the deal: a joint proxy statement, or both companies' holders named as
 * approving it. NYSE 312.03(c) and Nasdaq 5635(a) require that vote when an acquisition issues 20% or more
 * of the buyer's shares, so a buyer whose holders vote is doing a deal of at least a fifth of itself.
 */
const HOLDERS_VOTE =
  /\bjoint proxy statement\b|\bapproval (?:of|by) (?:the )?(?:stockholders|shareholders) of (?:both|each of) (?:the )?(?:companies|parties)\b|\bapproval of [A-Z][\w.&-]*['’]s (?:stock|share) issuance\b/;

export function holdersVote(body: string): boolean {
  return HOLDERS_VOTE.test(body);
}

/**
 * Item 2.01 reports the completion of an acquisition or disposition of assets (Form 8-K's own definition; "Item 2.
 * Acquisition or Disposition of Assets" before 2004): a loan that paid for it, or that it cancels, is how the deal was
 * done, not the news (decision 345). "completed the acquisition of substantially all of the assets of SaRonix, LLC ...
 * The Company had previously loaned amounts to SaRonix pursuant to ... a Secured Loan Agreement" (Pericom 2003) is an
 * acquisition, not new debt.
 */
const COMPLETION_ITEM = new Set(['2.01']);

export function dealFacts(prose: string, body = prose, item = ''): NonNullable<ItemContent['deal']> {
  const head = prose.slice(0, 4_000);
  const bought = ownSharesBought(head.slice(0, 800));
  if (bought)
    return {
      kind: 'buyback',
      amountUsd: bought.amountUsd ?? statedAmount(head),
      pricedUsd: bought.amountUsd,
      followUp: false,
      amendment: false,
      buyback: { shares: bought.shares, from: bought.from },
    };
  const kind = RIGHTS_PLAN.test(head)
    ? 'rights_plan'
    : COMP_AGREEMENT.test(head.slice(0, 600)) && !ACQUIRING.test(head.slice(0, 600))
      ? 'compensation'
      : !COMPLETION_ITEM.has(item) &&
          FINANCING.test(head.slice(0, 800)) &&
          !/\bmerger agreement\b/i.test(head.slice(0, 800))
        ? 'financing'
        : BEING_ACQUIRED.test(head)
          ? 'being_acquired'
          : PREMISES_LEASE.test(head.slice(0, 400)) && !ACQUIRING.test(head.slice(0, 400))
            ? 'premises_lease'
            : (DISPOSING.test(head.slice(0, 800)) && !/\bacquir/i.test(head.slice(0, 300))) ||
                COMPANY_SELLS.test(head.slice(0, 800))
              ? 'disposal'
              : ACQUIRING.test(head)
                ? 'acquisition'
                : 'other';
  // Notes issued under an indenture close an offering priced (and announced) days before.
  const closing =
    kind === 'financing' &&
    /\b(?:issued|completed (?:the|its) (?:offering|issuance|sale)|closed|consummated)\b(?:[^.]|\.\d){0,200}\bnotes\b/i.test(
      head.slice(0, 600),
    );
  // An underwriting or purchase agreement prices the notes: the first filing of the debt's terms, even
  // when the offering's launch was "previously announced" (the notes are issued days later).
  const pricing =
    kind === 'financing' &&
    !closing &&
    /\bentered into an? (?:underwriting|purchase) agreement\b/i.test(head.slice(0, 600));
  return {
    kind,
    amountUsd: statedAmount(head),
    pricedUsd: pricedAmount(head),
    followUp:
      closing ||
      (kind !== 'financing' && completesEarlierAgreement(prose)) ||
      (!pricing &&
        /\bpreviously (?:announced|disclosed|reported)|\bdated (?:as of )?[A-Z][a-z]+ \d{1,2}, \d{4}[^.]{0,200}\b(?:completed|consummated|closed)\b|\b(?:completed|consummated|closed)\b[^.]{0,200}\bdated (?:as of )?[A-Z][a-z]+ \d{1,2}, \d{4}|\bas (?:previously )?(?:announced|reported)\b|\bpursuant to the (?:terms of the )?(?:previously|merger agreement|purchase agreement)/i.test(
          head,
        )),
    holdersVote: (kind === 'acquisition' || kind === 'other') && holdersVote(body),
    ...(kind === 'financing' &&
    SHARES_SOLD.test(head.slice(0, 1_500)) &&
    !/\bnotes\b|\bdebentures\b/i.test(head.slice(0, 600))
      ? { shares: true }
      : {}),
    ...(kind === 'other' && REGULATORY_ORDER.test(head.slice(0, 1_500)) ? { regulatoryOrder: true } : {}),
    // The rubric's 1.01 row: a credit facility "replaced or enlarged" is MEDIUM, unlike a routine amendment.
    enlarged: kind === 'financing' && ENLARGED.test(head.slice(0, 1_500)),
    renewal: kind === 'financing' && renewsFacility(head),
    programme: kind === 'financing' && debtProgramme(head),
    // "the Securities Act of 1933, as amended" is not an amendment.
    amendment: /\b(?<!as )(?:amend(?:ed|ment|s)?|extend(?:ed|s)?|extension|restat(?:ed|ement))\b/i.test(
      head.slice(0, 500),
    ),
  };
}

/** Words before a delisting that make it what would follow a failure to cure, not what happened. */
// "may" in lower case only ("On May 15" is a date); "would" is left out, as reported speech ("announced that it would file
// a Form 25") states a decision.
const IF_NOT_CURED = /\b(?:[Ii]f|[Uu]nless|[Ii]n the event|[Ss]hould|[Cc]ould|may|[Mm]ight)\b/;

/** Item 3.01: which notice it is. The exchange's cure period is read for the headline. */
function listingFacts(prose: string): NonNullable<ItemContent['listing']> {
  const text = prose.slice(0, 5_000);
  const exchange = /\bNasdaq\b/i.test(text)
    ? 'Nasdaq'
    : /\bNYSE American\b|\bNYSE MKT\b|\bAmerican Stock Exchange\b/i.test(text)
      ? 'NYSE American'
      : /\bNew York Stock Exchange\b|\bNYSE\b/i.test(text)
        ? 'NYSE'
        : null;
  const cure =
    /\b(\d{2,3}|one hundred (?:and )?eighty|ninety|sixty|forty-five)\s*(?:\(\d+\)\s*)?(?:calendar |business )?days?\b/i.exec(
      text,
    );
  const words: Record<string, number> = { ninety: 90, sixty: 60, 'forty-five': 45 };
  const cureDays = cure ? Number(cure[1]) || words[cure[1]!.toLowerCase()] || 180 : null;
  // Decision 359: a determination or a suspension is read from a sentence that states it, not from one that says what
  // would follow if compliance is not regained ("If the Company does not regain compliance, ... will issue a Staff
  // Delisting Determination"): that is the deficiency notice's cure period, HIGH.
  const stated = (re: RegExp) =>
    sentences(text).some((s) => {
      const m = re.exec(s);
      return m != null && !IF_NOT_CURED.test(s.slice(0, m.index));
    });
  const determination = stated(/\b(?:determin\w+ to delist|delisting determination|Staff Determination)\b/i);
  const curable = /\bregain compliance\b|\bcure period\b|\bgrace period\b|\bcompliance period\b/i.test(text);
  const suspended =
    !curable &&
    stated(
      /\b(?:will be (?:suspended|delisted)|suspend(?:ed)? (?:trading|the trading)|(?:file|filed) (?:a )?Form 25|commence delisting proceedings)\b/i,
    );
  const kind =
    (determination || suspended) && !/\bappeal\w*[^.]{0,80}\bgranted\b/i.test(text)
      ? 'delisting'
      : /\bvoluntar\w+ (?:delist|withdraw)|intends? to (?:voluntarily )?delist\b/i.test(text)
        ? 'voluntary_delisting'
        : /\btransfer (?:the )?(?:listing|its (?:common stock|listing|shares))|\bto (?:list|transfer)[^.]{0,40}\bon the (?:Nasdaq|New York)/i.test(
              text,
            )
          ? 'transfer'
          : /\bregained compliance\b|\bhas regained\b|\bis now in compliance\b/i.test(text)
            ? 'cured'
            : /\baudit committee\b|\bindependent directors?\b|\bboard composition\b/i.test(text)
              ? 'composition'
              : 'deficiency';
  return { kind, exchange, cureDays: kind === 'deficiency' || kind === 'composition' ? cureDays : null };
}

const COUNT = /\b\d{1,3}(?:,\d{3}){1,4}(?:\.\d+)?\b/g;

/**
 * Say-on-pay in a vote table: the advisory vote on executive compensation (not its frequency) with
 * more votes against than for. Tables read as text list For, Against, Abstain in that order.
 */
function sayOnPayVotedDown(text: string): boolean {
  const sayOnPay =
    /\b(?:advisory|non-binding)\b[^.:]{0,80}?\b(?:executive (?:officer )?compensation|compensation of (?:the |our |its )?(?:company['’]s )?named executive officers)|\bsay[- ]on[- ]pay\b|\bto approve[^.]{0,40}\bexecutive compensation\b/gi;
  for (const m of text.matchAll(sayOnPay)) {
    const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 700);
    if (/^[^.]{0,120}\bfrequency\b/i.test(after)) continue;
    const counts = [...after.slice(0, 500).matchAll(COUNT)].map((c) => Number(c[0].replace(/,/g, '')));
    if (counts.length >= 2 && counts[0]! < counts[1]!) return true;
  }
  return false;
}

/** Item 5.07: did anything fail, was say-on-pay rejected, was the election contested, was it a deal vote. */
function voteFacts(prose: string): NonNullable<ItemContent['vote']> {
  const text = prose.slice(0, 12_000);
  const failedSentences = sentences(text).filter((s) =>
    /\b(?:was|were) not (?:approved|adopted|ratified)\b|\bfailed to (?:pass|receive|obtain)\b|\bdid not (?:pass|receive|obtain|approve)\b|\b(?:was|were) rejected\b|\bnot approved\b/i.test(
      s,
    ),
  );
  // A shareholder's proposal that fails is the board's recommendation carried out.
  const failed = failedSentences.some((s) => !/\b(?:shareholder|stockholder|shareowner)s?['’]? proposals?\b/i.test(s));
  return {
    failed,
    sayOnPayRejected:
      failedSentences.some((s) => /\bexecutive compensation|say[- ]on[- ]pay\b/i.test(s)) || sayOnPayVotedDown(text),
    contested: /\bcontested (?:election|solicitation)|\bproxy contest\b|\bdissident\b/i.test(text),
    special: /\bspecial meeting\b/i.test(text.slice(0, 800)),
    deal: /\b(?:merger|acquisition|share issuance|issuance of (?:shares|common stock))\b/i.test(text.slice(0, 2_000)),
  };
}

/**
 * The company's own reverse split ("a 1-for-10 reverse stock split", "approved a reverse stock split"), not the
 * anti-dilution terms of a security ("stock split (including a reverse stock split)", Disney's Series B preferred, 2018).
 */
export const REVERSE_SPLIT =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|fifty)[- ](?:for|to)[- ](?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|twenty-five|thirty|forty|fifty|one hundred)\)?\s+reverse (?:stock |share )?split\b|\b(?:effect(?:ed|s|ing)?|approv(?:e|ed|es|ing|al of)|implement(?:ed|s|ing)?|announc(?:e|ed|es|ing)|complet(?:e|ed|es|ing)|authoriz(?:e|ed|es|ing))\b[^.;]{0,60}\breverse (?:stock |share )?split\b/i;

/**
 * Items 5.03/5.05, the rubric's MEDIUM cell (decision 357): "a reverse split, an anti-takeover change", as against the
 * LOW "bylaw or charter tidy-ups, fiscal-year text, code of ethics".
 */
export function governanceNotable(prose: string): 'reverse_split' | 'anti_takeover' | null {
  const text = prose.slice(0, 6_000);
  if (REVERSE_SPLIT.test(text)) return 'reverse_split';
  if (/\banti-?takeover\b/i.test(text)) return 'anti_takeover';
  return null;
}

/** Item 4.01: an auditor that resigns effective immediately, or a disagreement or reportable event (a material weakness) stated. */
function auditorFacts(prose: string): NonNullable<ItemContent['auditor']> {
  const said = sentences(prose.slice(0, 8_000));
  const stated = (re: RegExp) => said.some((s) => re.test(s) && !/\b(?:no|not|nor|none|neither|without)\b/i.test(s));
  return {
    // "resigning ... effective on the date of such notice" is effective immediately too.
    resigned: said.some(
      (s) =>
        /\bresign\w*\b/i.test(s) &&
        /\beffective immediately\b|\beffective (?:on|as of) the date of (?:such|the|its|this) (?:notice|letter)\b/i.test(
          s,
        ),
    ),
    flagged: stated(/\bdisagreements?\b|\breportable events?\b|\bmaterial weakness(?:es)?\b/i),
  };
}

/**
 * Off the results calendar, in the item's own words (decision 343): results already announced are revised ("issued a
 * press release revising its previous disclosure of results of operations for the quarter and fiscal year ended June
 * 30, 2003", Internet America 2003), or guidance is given for a period that has already ended ("provided updated
 * financial guidance for the fiscal quarter ended September 30, 2008", Nuance, October 1, 2008): a preliminary result
 * in other words. Guidance for a period still to come ("ending") is what a scheduled release gives.
 */
const OFF_CALENDAR =
  /\brevis(?:e|es|ed|ing)\s+(?:its |the |our )?(?:previous(?:ly)?\s+)?(?:(?:disclosure of|announced|reported|released|issued)\s+)?(?:the\s+)?(?:financial\s+)?(?:results|earnings)\b|\b(?:updated|revised|preliminary) (?:financial )?(?:guidance|outlook) for (?:the |its )?(?:fiscal )?(?:quarter|year|period|three months) ended\b/i;
/**
 * A companion to the results announced the same day: "in addition to announcing its financial results for its fourth
 * quarter ..., provided additional supplemental financial information" (Nuance, November 2008). The release was the
 * news; the extra tables are not a second one (decision 343).
 */
const RESULTS_COMPANION =
  /\bin addition to (?:announcing|the announcement of|reporting) (?:its |the )?(?:financial )?results\b(?:[^.]|(?<=\b(?:Inc|Corp|Co|Ltd))\.){0,200}?\b(?:supplemental|additional) (?:financial )?(?:information|data|tables|schedules)\b/i;

/** Item 2.02: the scheduled release, or a warning outside the calendar. */
export function resultsFacts(prose: string, headline: string | null): NonNullable<ItemContent['results']> {
  const text = `${headline ?? ''} ${prose.slice(0, 3_000)}`;
  const warning =
    /\bpreliminary (?:results|estimates?|unaudited)|\bwithdr[ae]w\w* (?:its |the )?(?:financial )?(?:guidance|outlook)|\b(?:lower|cut|reduc)\w* (?:its |the )?(?:full[- ]year )?(?:guidance|outlook)|\bbelow (?:its |the )?(?:previous|prior|expectations|guidance)|\bfall short\b/i.test(
      text,
    ) || OFF_CALENDAR.test(text);
  return {
    warning,
    ...(!warning && RESULTS_COMPANION.test(prose.slice(0, 1_500)) ? { companion: true } : {}),
  };
}

/** What a headline or an 8.01/7.01 text says, on a small tested vocabulary. */
/**
 * An 8.01 filed "to revise certain financial information ... included in the Company's Form 10-K ... to reflect"
 * a business sold or segments changed (Nuance 2019, 2021): last year's statements recast for facts already
 * reported. A restatement is another thing (Item 4.02), so a text that says so is not read as a recast.
 */
const RECAST =
  /\bto (?:recast|revise|retrospectively (?:adjust|revise|recast))\b.{0,200}?\b(?:financial (?:statements|information)|Form 10-K|Annual Report)\b.{0,400}?\bto reflect\b/i;
const RESTATED = /\brestat(?:e|ed|ement)\b|\bno longer be relied\b/i;
/**
 * "This Current Report on Form 8-K is being filed to update and supplement the joint proxy statement/prospectus"
 * (Disney 2018, for the 21CF vote): disclosures added to a deal's proxy before the vote. A new agreement or term
 * in it still reads as the material topic it is, checked first.
 */
const PROXY_SUPPLEMENT = /\b(?:update and )?supplement (?:the|its) (?:joint |definitive )?proxy statement\b/i;

/**
 * Disclosure housekeeping (decision 342): an 8.01 filed to update, supplement or recast what an earlier report already
 * disclosed ("has updated its disclosure regarding its business", Nuance 2007; "for the purpose of supplementing the
 * risk factors disclosed in Item 1A. of its Annual Report on Form 10-K", Tyson 2020; "to recast certain prior period
 * financial information and related disclosures contained in our Annual Report on Form 10-K ... to conform with the
 * segment reporting changes", Nuance 2016). No event of its own; a restatement is not this (RESTATED).
 */
const DISCLOSURE_UPDATE =
  /\b(?:(?:to|for the purpose of) (?:recast\w*|revis\w*|updat\w*|supplement\w*)|ha(?:s|ve) updated)\b[^.]{0,160}?\b(?:disclosures?|risk factors|financial information|business section)\b/i;
/**
 * One step of a deal announced before (decision 342): the antitrust waiting period of "the previously announced
 * proposed merger" expired or was ended early (Nuance 2021, HSR). The agreement was the news; a closing condition met is
 * not, as a completion is not.
 */
const DEAL_STEP =
  /\bwaiting period\b[^.]{0,200}?\b(?:expired|terminated)\b[^.]{0,200}?\bpreviously announced\b|\b(?:expiration|early termination) of the (?:applicable )?waiting period\b[^.]{0,200}?\bpreviously announced\b/i;
/**
 * A shareholder rights plan amended ("amended and restated its shareholder rights plan"), not a registration rights
 * agreement. Only an amendment: a rights plan newly adopted (a takeover defence) is news.
 */
const SHAREHOLDER_RIGHTS =
  /\bamend\w*\b[^.]{0,80}\b(?<!registration )rights (?:agreement|plan)\b|\b(?<!registration )rights (?:agreement|plan)\b[^.]{0,60}\bamend(?:ed|ment)\b/i;
/** "does not amend or restate our audited consolidated financial statements": a restatement denied. */
const NOT_RESTATED = /\b(?:does|do|did|will) not (?:amend or )?restate\b/gi;
/**
 * One month's combined figures released because the sellers of a business the company bought are owed them
 * ("Pursuant to contractual obligations with the sellers of businesses acquired by Cotelligent Group, Inc. the following
 * information is released. Revenues and net income ... for the month ended July 31, 1996", 1996): under
 * pooling-of-interests accounting the sellers could trade their new shares only once 30 days of combined results were
 * published. A record kept for them, not the quarter's results release (decision 343).
 */
const SELLERS_MONTH =
  /\bobligations? (?:with|to) the (?:sellers?|former (?:owners|shareholders|stockholders)) of (?:a |the )?(?:business(?:es)?|compan(?:y|ies))\b[\s\S]{0,400}?\bfor the month ended\b/i;
/** A meeting moved to a virtual format ("will hold its upcoming 2022 Annual Meeting ... in a virtual meeting format"): logistics. */
const MEETING_FORMAT = /\b(?:annual|special) meeting\b[^.]{0,200}?\bvirtual(?:ly| meeting| format| only| annual)\b/i;

const TOPICS: [NonNullable<ItemContent['topics']>[number], RegExp][] = [
  ['going_concern', /\bgoing[- ]concern\b|\bsubstantial doubt\b/i],
  // "Prepackaged" alone is also software ("SERVICES-PREPACKAGED SOFTWARE"): a bankruptcy only as a prepackaged plan or case.
  [
    'bankruptcy',
    /\bchapter 11\b|\bbankruptcy\b|\bpre-?packaged (?:joint )?(?:plan|chapter 11|bankruptcy|reorgani[sz]ation|restructuring|case|filing)\b|\breceivership\b/i,
  ],
  // Decision 345: a regulated business below the capital its regulator requires must stop or be closed: a broker-dealer
  // "in violation of the ... (SEC) net capital rules" (Stockwalk's clearing subsidiary, 2001; SIPC liquidated it two days
  // later), a bank "critically undercapitalized". The survival of that business is in question.
  [
    'capital_deficiency',
    /\b(?:violation of|violat\w+|fail\w* to (?:meet|comply with)|below|deficien\w+ (?:in|under))\b[^.]{0,80}?\bnet capital (?:rules?|requirements?)\b|\bnet capital (?:deficiency|violation)\b|\bcritically undercapitali[sz]ed\b/i,
  ],
  ['results', /\b(?:announc\w+|report\w+|releas\w+)[^.]{0,80}\b(?:results|earnings)\b|\bearnings (?:release|call)\b/i],
  ['tender_offer', /\btender offer for (?:all|any)\b/i],
  ['recall', /\brecall(?:s|ed|ing)?\b/i],
  [
    'investigation',
    /\b(?:subpoena|investigation|wells notice|grand jury|department of justice|civil investigative demand)\b/i,
  ],
  [
    'guidance_withdrawn',
    /\bwithdr[ae]w\w* (?:its |the )?(?:financial )?(?:guidance|outlook)|\b(?:lower|cut|reduc)\w* (?:its |the )?(?:full[- ]year )?(?:guidance|outlook)|\bexpects?[^.]{0,120}\b(?:below|short of|lower than)\b/i,
  ],
  [
    'strategic_alternatives',
    /\bstrategic alternatives\b|\bexplor\w+ (?:a )?(?:potential )?sale of the company\b|\bunsolicited (?:proposal|offer)\b/i,
  ],
  // "announcing its plans to spin off its automotive segment to shareholders as a separate public company" (Nuance
  // 2018): a business line leaves the company, the rubric's "transformative sale of a business line". The spin-off's
  // later steps (record date, distribution, completion) name no plan and stay below.
  [
    'separation',
    /\b(?:plans?|intends?|intention|decided|decision|approved)\b[^.]{0,40}\bto (?:spin[- ]?off|separate)\b[^.]{0,120}\b(?:business|segment|division|unit)\b/i,
  ],
  ['being_acquired', BEING_ACQUIRED],
  [
    'merger',
    // "announced the proposed merger of a subsidiary of Westell with and into Teltrend", "signed agreements
    // pursuant to which it will combine its business with": an agreement announced in other words.
    /\b(?:entered|enter|enters) into (?:a |an )?(?:definitive (?:merger )?agreement|merger agreement|agreement and plan of (?:merger|reorganization))|\bagree[sd]? to (?:acquire|merge|combine|be acquired)|\bsign(?:ed|s) (?:a )?definitive agreement|\bannounc\w+ the proposed (?:merger|combination) of\b|\bsign(?:ed|s) (?:an )?agreements?\b[^.]{0,60}\bwill (?:combine|merge)\b/i,
  ],
  ['lawsuit', /\bclass action\b|\bcomplaint\b[^.]{0,60}\b(?:securities|fraud)/i],
  // Decision 345: "its Board of Directors has authorized the repurchase of up to 500,000 shares" (Horizon Financial 2006)
  // is a buyback in other words.
  [
    'buyback',
    /\b(?:share|stock) repurchase (?:plan|program|authori[sz]ation)|\bbuyback\b|\brepurchase (?:of )?up to\b|\bauthori[sz]\w*\b[^.]{0,40}\b(?:the )?(?:share |stock )?repurchase of\b/i,
  ],
  [
    'dividend_change',
    /\b(?:increase[sd]?|raise[sd]?|cut|reduce[sd]?|suspend(?:s|ed)?|eliminate[sd]?)\b[^.]{0,40}\bdividend\b|\bdividend\b[^.]{0,40}\b(?:increase|cut|suspension)\b/i,
  ],
  // "voted to grant the Company's CEO ... stock options ... and to give him a Gulfstream V": pay, as a 5.02 would say it.
  [
    'compensation',
    /\b(?:CEO|chief executive officer|executive|officer)['’]?s? compensation\b|\b(?:voted|agreed|decided) to grant\b[^.]{0,80}\b(?:stock )?options\b/i,
  ],
  [
    'routine',
    // Debt housekeeping: consents and exchange offers for notes ("offers to exchange ... any and all outstanding notes"),
    // notes called at par ("issued a notice of full redemption ... to redeem all of its outstanding 2.75% Senior Notes").
    /\bconsent solicitations?\b|\boffers? to exchange\b[^.]{0,80}\bnotes\b|\bnotice of (?:full |partial |conditional )?redemption\b(?:[^.]|\.\d){0,200}\b(?:notes|debentures)\b|\bpresent(?:s|ation)? at\b|\binvestor (?:presentation|day|conference)|\bconference\b|\bwebcast\b|\b(?:regular|quarterly) (?:cash )?dividend\b|\bname change\b|\bchange (?:its|the company's) name\b|\bnet asset value\b|\bstock split\b|\bmedium-term notes\b|\bprospectus supplement\b/i,
  ],
];

/**
 * An earnings warning in numbers: "we expect revenue ... to be between $1.1 and $1.3 million,
 * compared with $3.7 million for the comparable period" - the top of the expected range below the
 * earlier period's figure.
 */
const EXPECTED_AGAINST =
  /\bexpects?\b[^.]{0,200}?\$\s?([\d,]+(?:\.\d+)?)\s*(million|billion)?(?:\s*(?:and|to|-|–)\s*\$?\s?([\d,]+(?:\.\d+)?)\s*(million|billion)?)?[^.$]{0,60}?\bcompared (?:with|to)\b[^.$]{0,40}\$\s?([\d,]+(?:\.\d+)?)\s*(million|billion)?/i;

function expectsDecline(text: string): boolean {
  for (const s of sentences(text.slice(0, 4_000))) {
    const m = EXPECTED_AGAINST.exec(s);
    if (!m) continue;
    const unit = m[4] ?? m[2];
    const top = m[3] ? dollars(m[3], unit) : dollars(m[1]!, m[2]);
    if (top < dollars(m[5]!, m[6] ?? unit)) return true;
  }
  return false;
}

/**
 * A lender's warning before its results (decision 343): it expects its bad loans to rise ("it anticipates an increase in
 * its non-performing loans and loan charge-offs during the quarter ended June 30, 2008", Horizon Financial, beside the
 * usual dividend). The bank's earnings warning, in the words a bank uses.
 */
const BAD_LOANS = String.raw`(?:non-?\s?performing (?:loans|assets)|(?:loan )?charge-offs|provisions? for (?:loan|credit) losses|loan loss provisions?)`;
const CREDIT_WARNING = new RegExp(
  String.raw`\b(?:anticipat\w*|expect\w*|forecast\w*|project\w*)\b[^.]{0,60}?\b(?:an? )?(?:increase|rise|rising|higher|elevated)\b[^.]{0,30}?\b${BAD_LOANS}|\b${BAD_LOANS}\b[^.]{0,40}?\b(?:will|to|would|is expected to|are expected to)\s+(?:rise|increase|remain elevated|be elevated)\b`,
  'i',
);

/** Debentures or notes restructured or exchanged into the company's equity: the holders take the company. */
const DEBT_FOR_EQUITY =
  /\b(?:restructur\w+|convert\w*|exchang\w+)\b[^.]{0,120}\b(?:debentures|notes|debt)\b[^.]{0,80}\binto (?:common )?(?:equity|stock|shares)\b|\bdebt[- ]for[- ]equity\b/i;

/**
 * The company named as the one merging into another: its own short name, defined in the first
 * sentence ("Premier Financial Bancorp, Inc. ("Premier")"), "to merge into" or "will merge with and into".
 */
function mergesIntoAnother(text: string): boolean {
  const defined = /\(\s*(?:the\s+)?["“]([A-Z][\w&.-]*(?:\s[A-Z][\w&.-]*){0,3})["”]\s*\)/.exec(text.slice(0, 600));
  const name = defined?.[1];
  if (!name) return false;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b${escaped}\\b[^.]{0,20}\\b(?:to|will|shall)\\s+merge\\s+(?:with\\s+and\\s+)?into\\b`).test(
    text.slice(0, 4_000),
  );
}

/**
 * A reorganization completed: the plan's effective date, an emergence, a restructuring "completed". The
 * bankruptcy or the debt-for-equity exchange was the news when announced; its completion is one step below.
 */
const REORGANIZED =
  /\bemerg\w* from (?:chapter 11|bankruptcy)\b|\bcompletion of (?:its|the) (?:financial )?restructuring\b|\bcompleted (?:the|its) (?:recapitali[sz]ation|restructuring|reorgani[sz]ation)\b|\bEffective Date of the (?:(?:Joint |Amended |Modified )*(?:Prepackaged|Chapter 11|Reorganization) Plan|(?:Joint |Amended )*Plan of Reorganization)\b|\bplan of reorganization (?:became|has become) effective\b/i;

/**
 * The survival topics (going-concern doubt, bankruptcy, a regulatory capital breach) are CRITICAL, so they are read only from a sentence that states
 * the company's own event now: not forward-looking or risk-factor boilerplate ("financial difficulties (including
 * bankruptcy filings) of ... customers"), not a contract's terms ("enforceable ... subject to bankruptcy, insolvency ...",
 * "events of default ... bankruptcy", "bankruptcy-remote"), not the law itself, not a third party's ("The borrower filed
 * for Chapter 11 bankruptcy", Synovus 2023: the bank's charge-off, not its own failure), not denied, not a term that
 * applies "in the event of" one, and not a going-concern doubt that "could" arise (decision 359). A sentence that fails
 * every one of these does not name the topic, and the item falls to what the rest of its text says.
 */
const SURVIVAL_TOPICS: ReadonlySet<string> = new Set(['going_concern', 'bankruptcy', 'capital_deficiency']);
const NOT_OWN_SURVIVAL = [
  // Forward-looking and risk-factor lists name every risk there is.
  /\bforward[- ]looking\b|\bsafe harbor\b|\bPrivate Securities Litigation Reform Act\b|\brisks?\b|\buncertaint(?:y|ies)\b/i,
  // A contract's terms and legal opinions.
  /\benforce(?:able|ability|ment)\b|\bevents? of default\b|\bbankruptcy[- ]remote\b|\bbankruptcy (?:laws?|reform|abuse)\b|\bbankruptcy,? (?:or )?insolvency\b|\binsolvency,? (?:or )?bankruptcy\b|\bbankruptcy (?:and|or) insolvency\b/i,
  // Another party's event.
  /\b(?:borrowers?|customers?|clients?|tenants?|lessees?|suppliers?|vendors?|counterpart(?:y|ies)|licensees?|franchisees?|obligors?|guarantors?|competitors?)['’]?s?\b/i,
  // The form's own item title in a table of contents or an index line ("ITEM 3. Bankruptcy or Receivership"), and a
  // purchase out of another's bankruptcy or receivership ("purchase and assumption agreement with the FDIC, as receiver").
  /\bbankruptcy or receivership\b|\bpurchase and assumption\b|\b(?:acqui\w+|purchas\w+|bought)\b[^.]{0,120}\b(?:from|out of) (?:the )?(?:FDIC|receivership|bankruptcy|(?:its |the )?bankruptcy estate)\b/i,
  // A doubt resolved: "alleviated", "mitigated", the qualification "removed".
  /\balleviat\w*|\bmitigat\w*|\bremov(?:ed|al)\b|\bresolved\b/i,
  // A term that applies if it ever happens, a denial, a doubt that could arise.
  /\bin the (?:event|case) (?:of|that)\b|\bupon the occurrence\b|\bif there (?:should|shall)\b|\bshould there\b|\b(?:no|not|never|neither|nor|without)\b[^.]{0,60}?\b(?:bankrupt\w*|chapter 11|receivership|going[- ]concern|substantial doubt|net capital|undercapitali[sz]ed)\b|\b(?:may|might|could|would)\s+(?:\w+\s+){0,2}(?:raise|cast|create|result in)\s+(?:a\s+)?substantial doubt\b/i,
];

function ownSurvival(text: string, re: RegExp): boolean {
  return sentences(text).some((s) => re.test(s) && !NOT_OWN_SURVIVAL.some((not) => not.test(s)));
}

/**
 * "A tender offer for the company" (the rubric's CRITICAL) is one for its shares: a tender offer "for any and all of its
 * outstanding 5.25% Senior Notes" is debt housekeeping and one for "its outstanding shares" is the company buying its
 * own stock back (decision 359).
 */
const TENDER_NOT_FOR_COMPANY =
  /^[^.]{0,150}?\b(?:notes|debentures|bonds|debt securities|indebtedness|preferred|its (?:own |outstanding |issued )*(?:shares|common|stock|ordinary))\b/i;

function tenderForCompany(text: string, re: RegExp): boolean {
  return sentences(text).some((s) => {
    const m = re.exec(s);
    return m != null && !TENDER_NOT_FOR_COMPANY.test(s.slice(m.index + m[0].length));
  });
}

/**
 * Decision 359: a 1.03 that reports the end, in the past tense ("emerged from Chapter 11", "the Plan became effective",
 * "the Effective Date occurred"), and files nothing new. A confirmation order, a plan to come or a filing stays the
 * bankruptcy (1.03: always CRITICAL).
 */
const EMERGED =
  /\bemerged from (?:chapter 11|bankruptcy)\b|\bplan of reorganization (?:became|has become) effective\b|\b(?:the )?Plan (?:became|has become) effective\b|\bEffective Date (?:of the Plan )?(?:occurred|has occurred)\b|\bconsummated the Plan\b/i;
const PETITION_FILED =
  /\bfiled\b[^.]{0,80}\bpetitions?\b|\bcommenced\b[^.]{0,60}\bcases?\b|\bappointed\b[^.]{0,40}\breceiver\b/i;

/**
 * Decision 363: a shareholder derivative action is brought on the company's behalf (the company is the nominal party and
 * any recovery is its own), so settling one ("Apple Reaches Settlement of Shareholder Derivative Action", 1999: governance
 * changes, subject to court approval) is a record, not "litigation that matters" to a holder. Only where nothing on the
 * material list is read: a securities class action settled in the same text stays `lawsuit`.
 */
const DERIVATIVE_SETTLED =
  /\bderivative (?:action|suit|lawsuit|litigation|complaint|claims?|proceedings?)s?\b[^.]{0,200}\bsettle\w*|\bsettle\w*\b[^.]{0,200}\bderivative (?:action|suit|lawsuit|litigation|complaint|claims?|proceedings?)/i;

/**
 * Decision 371: two businesses joined as peers ("it will combine its business with the business of ...", "a merger of
 * equals"), which the rubric's HIGH cell weighs as transformative, unlike the company buying another.
 */
const COMBINATION =
  /\bcombin(?:e|es|ing)\b[^.]{0,40}\bbusiness(?:es)?\b|\b(?:business|strategic) combination\b|\bmerger of equals\b/i;

export function topicsIn(text: string): NonNullable<ItemContent['topics']> {
  if (REORGANIZED.test(text)) {
    const rest = TOPICS.filter(([t, re]) => t !== 'bankruptcy' && re.test(text)).map(([t]) => t);
    return ['reorganized', ...rest];
  }
  const found = TOPICS.filter(
    ([t, re]) =>
      re.test(text) &&
      (!SURVIVAL_TOPICS.has(t) || ownSurvival(text, re)) &&
      (t !== 'tender_offer' || tenderForCompany(text, re)),
  ).map(([t]) => t);
  const recast = RECAST.test(text) && !RESTATED.test(text);
  const housekeeping =
    (DISCLOSURE_UPDATE.test(text) && !RESTATED.test(text.replace(NOT_RESTATED, ''))) ||
    DEAL_STEP.test(text) ||
    MEETING_FORMAT.test(text) ||
    SELLERS_MONTH.test(text) ||
    SHAREHOLDER_RIGHTS.test(text);
  const settled = DERIVATIVE_SETTLED.test(text);
  if ((recast || housekeeping || settled || PROXY_SUPPLEMENT.test(text)) && !found.includes('routine'))
    found.push('routine');
  if (renewsFacility(text)) found.push('facility_renewed');
  if (debtProgramme(text)) found.push('debt_programme');
  if (DEBT_FOR_EQUITY.test(text)) found.unshift('debt_for_equity');
  if (found.includes('merger') && !found.includes('being_acquired') && mergesIntoAnother(text))
    found.unshift('being_acquired');
  else if (
    found.includes('merger') &&
    !found.includes('being_acquired') &&
    !holdersVote(text) &&
    !COMBINATION.test(text)
  )
    found.splice(found.indexOf('merger'), 1, 'acquisition');
  if (CREDIT_WARNING.test(text)) found.unshift('credit_warning');
  if (enforcementOrder(text.slice(0, 4_000))) found.unshift('enforcement');
  return expectsDecline(text) ? ['expected_decline', ...found] : found;
}

/**
 * Words that name an event a holder could act on (decision 347), written from the rubric's table (docs/scoring.md "8-K
 * (and 6-K) by content": its MEDIUM, HIGH and CRITICAL cells for every item), not from filings: survival and control
 * (default, bankruptcy, delisting, restatement, a tender offer), the material list (an investigation, a lawsuit, a recall,
 * guidance, an impairment, layoffs), people (a resignation, a termination), deals and contracts (an acquisition, a sale of
 * a business, a contract awarded, a product approved), capital (a buyback, a dividend changed, an offering). An 8.01 that
 * no reading places and that names none of them is a routine disclosure (LOW); one that names one stays MEDIUM, because
 * something happened that the rules could not weigh. Broad on purpose: a word here costs a LOW filing one level, a word
 * missing costs a HIGH one two.
 */
const EVENT_WORDS =
  /\b(?:default(?:s|ed)?|accelerat\w*|covenants?|forbearance|waivers?|going[- ]concern|substantial doubt|bankrupt\w*|chapter (?:7|11)|receivers?(?:hip)?|insolven\w*|liquidat\w*|wind(?:ing)?[- ]down|delist\w*|deficien\w*|non-?compliance|restat(?:e|ed|ement|ements)|non-?reliance|no longer be relied|material weakness|tender offer|unsolicited|takeover|proxy contest|strategic alternatives|change (?:of|in) control|investigat\w*|subpoena\w*|inquir(?:y|ies)|wells notice|indict\w*|enforcement|penalt(?:y|ies)|lawsuits?|litigation|class action|complaint|verdict|judgment|injunction|settle(?:d|ment|ments)|recall\w*|warning letter|guidance|outlook|preliminary|forecast\w*|impair\w*|write-?(?:downs?|offs?)|restructur\w*|layoffs?|workforce|reduction in force|clos(?:e|ing|ure) of (?:the |its |our )?(?:plant|facility|facilities|stores?)|resign\w*|terminat\w*|retire(?:s|d|ment)?|depart\w*|step(?:s|ped)? down|disagreement|cyber\w*|breach\w*|ransomware|downgrad\w*|suspen(?:d|ded|sion)|halt\w*|acqui(?:re|red|res|ring|sition|sitions)|merger|merge|combination|divest\w*|dispos(?:e|ed|al)|spin-?off|sale of (?:the |its |our |a |certain )|contracts?|awarded|purchase orders?|order forms?|partnership|collaboration|licens(?:e|ed|ing) agreement|approv(?:al|ed) (?:by|from) the (?:FDA|Food and Drug)|FDA|clinical (?:trial|hold)|patent|repurchase|buyback|dividend|offering|private placement|dilut\w*)\b/gi;

/** Forward-looking boilerplate names every risk there is; it says nothing about this event. */
const SAFE_HARBOR = /\bforward[- ]looking\b|\bsafe harbor\b|\bPrivate Securities Litigation Reform Act\b/i;

/**
 * The verbs of the same events (decision 347, second reading, from the tune rows the list above let fall to LOW): "sold
 * certain assets", "buys", "combine", "laid off", "a headcount reduction", "we expect revenue ... to be", "in violation of".
 * Each names a row of the rubric's table (a deal, a restructuring, guidance, a regulatory breach) the nouns above missed.
 */
const EVENT_VERBS =
  /\b(?:sells?|sold|selling|buys?|bought|purchas(?:e|es|ed|ing)|combin(?:e|es|ed|ing)|lays? off|laid off|laying off|headcount|job cuts|(?:expense|cost) reductions?|cost[- ]cutting|expects?|expected|anticipates?|revenues?|net (?:income|loss)|violation\w*)\b/gi;

/**
 * An item whose text only points to the press release it attaches ("The attached Press Release is incorporated by reference
 * herein", Entrada 2001; "Reference is made to the press release ... attached hereto as an exhibit, for a description of the
 * events reported", Apple 1999): what it reports is in the press release, so that is what is read.
 */
export const POINTER_ONLY =
  /^(?:[^.]{0,200}\b(?:press release|news release|exhibit 99(?:\.1)?|announcement)\b[^.]{0,200}\b(?:incorporated|attached|filed herewith|furnished)\b[^.]{0,200}\.?\s*){1,2}$/i;

function openingWords(headline: string | null, prose: string): string[] {
  const opening = sentences(prose.slice(0, 1_500)).filter((s) => !SAFE_HARBOR.test(s));
  const text = [headline ?? '', ...opening].join(' ');
  const found = [...text.matchAll(EVENT_WORDS), ...text.matchAll(EVENT_VERBS)];
  return [...new Set(found.map((m) => m[0].toLowerCase()))];
}

/**
 * The event words of an item's opening (its first 1,500 characters, less forward-looking boilerplate) and the press
 * release headline, in the order found, once each. An item that only points to its press release is read from the
 * press release's opening; null when that could not be read (nothing was read, so nothing can be called routine).
 */
export function eventWordsIn(headline: string | null, prose: string, exhibit: string | null = null): string[] | null {
  if (!POINTER_ONLY.test(prose.trim())) return openingWords(headline, prose);
  return exhibit ? openingWords(headline, exhibit.replace(/\s+/g, ' ')) : null;
}

/** One item's text read for the rules. */
export function itemContent(
  section: ItemSection,
  headline: string | null,
  body = '',
  exhibit: string | null = null,
): ItemContent {
  const prose = sectionProse(section);
  const content: ItemContent = { number: section.number, quote: openingQuote(prose) };
  // The legend matters only when the quote reaches it: the whole item is split into sentences again only then. So do
  // cross-references the item opens with.
  const legend = content.quote != null && /\b(?:deemed|furnished)\b|incorporated by reference/i.test(content.quote);
  if (content.quote && (legend || CROSS_REFERENCE.test(content.quote))) {
    const shown = openingQuote(pastCrossReferences(legend ? withoutLegend(prose) : prose));
    if (shown && shown !== content.quote) content.shownQuote = shown;
  }
  switch (section.number) {
    case '5.02':
      content.officers = officerFacts(prose);
      break;
    case '1.01':
    case '1.02':
    case '2.01':
    case '2.03':
    case '3.03':
      content.deal = dealFacts(prose, body || prose, section.number);
      break;
    case '5.01':
      if (REORGANIZED.test(prose)) content.reorganized = true;
      break;
    case '1.03':
      // "As previously reported, on May 1 the Company filed voluntary petitions ...": the filing recalled, not a new one.
      if (EMERGED.test(prose) && !sentences(prose).some((s) => PETITION_FILED.test(s) && !FOLLOW_UP.test(s)))
        content.reorganized = true;
      break;
    case '3.02':
      if (closesEarlierSale(prose)) content.saleClosed = true;
      break;
    case '4.01':
      content.auditor = auditorFacts(prose);
      break;
    case '3.01':
      content.listing = listingFacts(prose);
      break;
    case '5.07':
      content.vote = voteFacts(prose);
      break;
    case '5.03':
    case '5.05':
      content.governance = { notable: governanceNotable(prose) };
      break;
    case '2.02':
      content.results = resultsFacts(prose, headline);
      break;
    case '7.01':
    case '8.01': {
      content.topics = topicsIn(`${headline ?? ''} ${prose.slice(0, 4_000)}`);
      // Decision 357: a release whose opening states the company's reverse split is the 5.03/5.05 MEDIUM cell.
      if (REVERSE_SPLIT.test(content.quote ?? '')) content.governance = { notable: 'reverse_split' };
      const words = eventWordsIn(headline, prose, exhibit);
      if (words) content.eventWords = words;
      // Before Item 5.02 existed (2004) a CEO or CFO change was an "Other Events" press release: its
      // headline ("Dr. Davinder Sethi Appointed Vice Chairman & CFO") says what the item text does not.
      // Only a change the 5.02 rules rank HIGH or above: a top officer leaving, a CEO or CFO named.
      const leaves = (r: OfficerRole) => ['ceo', 'cfo', 'president', 'chair', 'founder'].includes(r);
      const top = (o: OfficerFacts | null) =>
        o != null &&
        (o.departures.some((d) => leaves(d.role)) || o.appointments.some((a) => a.role === 'ceo' || a.role === 'cfo'));
      const officers = headline && content.topics.every((t) => t === 'routine') ? officerFacts(headline) : null;
      // Decision 343: the item's own words may state the change the press release beside the results announces ("a
      // press release ... announcing that effective October 3, 2020, Chief Executive Officer Noel White will be stepping
      // down as Chief Executive Officer", Tyson 2020, a 7.01 beside the 2.02): read its first sentences too, when it says
      // nothing on the material list.
      const stated =
        !top(officers) && content.topics.every((t) => t === 'routine' || t === 'results')
          ? officerFacts(prose.slice(0, 1_500))
          : null;
      if (top(officers)) content.officers = officers!;
      else if (top(stated)) content.officers = stated!;
      break;
    }
  }
  return content;
}

/** Lines of a press release that are not its headline. */
const NOT_HEADLINE =
  /^(?:exhibit|ex-?99|for immediate release|press release|news release|contacts?\b|media\b|investors?\b|source:|page \d|\(?nasdaq|\(?nyse|www\.|http|[\d\s()+.-]{7,}$)/i;

/** A line of contact details: a phone number, an e-mail or web address ("Tel: (408) 435-0800", "ir@acme.com"). */
const CONTACT_DATA = /@[\w-]+\.\w|\bwww\.|https?:|\b(?:tel|fax|phone)\b\s*:|\(?\b\d{3}\)?[\s.-]\d{3}[.-]\d{4}\b/i;
/** The label over a release's contact block ("CONTACT:", "Investor Relations:", "For additional information, contact"). */
const CONTACT_LABEL =
  /^(?:(?:media|investor|press|company)\s+(?:relations\s+)?contacts?|contacts?|investor relations|media relations|for (?:more|additional|further) information)\b/i;
/** A dateline opens the release's text ("CUPERTINO, Calif., May 2 --", "MINNEAPOLIS...JUNE 6, 2000..."). */
const DATELINE = /^[A-Z][A-Z .,'-]+,\s+[A-Z][a-z]+\.?,?\s.*(?:--|—|–)|^[A-Z][A-Z .,'-]{2,40}(?:\.\.\.|\s[-–—]\s)/;
/** Words that leave a headline line unfinished ("... earnings bolstered by" / "strong economy, customer growth"). */
const LINKING_WORD = /^(?:a|an|and|as|at|by|for|from|in|of|on|or|the|to|with|&)$/i;

const squeeze = (line: string) => line.replace(/\s+/g, ' ').trim();
const inCapitals = (line: string) => /[A-Z]{2}/.test(line) && !/[a-z]/.test(line);

/**
 * The contact block under a label line: the lines up to its last one with contact details, within ten lines and
 * before the dateline or a blank line after them. Returns the index after the block, or `from` when no details follow.
 */
function afterContactBlock(lines: string[], from: number): number {
  let end = from;
  for (let j = from; j < Math.min(lines.length, from + 10); j++) {
    const l = squeeze(lines[j]!);
    // A blank line ends the block once details were seen ("Investors:" may stand alone above the names).
    if (l === '' ? end > from : DATELINE.test(l)) break;
    if (CONTACT_DATA.test(l)) end = j + 1;
  }
  return end;
}

/** A line that cannot be (part of) a headline. */
const notHeadline = (l: string) =>
  NOT_HEADLINE.test(l) ||
  CONTACT_DATA.test(l) ||
  /\bexhibit\s+99|\[[^\]]*logo[^\]]*\]/i.test(l) ||
  // The exhibit's own description or title, not the release's headline ("Text of press release issued by Apple Inc. on
  // July 24, 2012", the document's <TITLE>).
  /^(?:Text of )?(?:the |a )?(?:press|news) release (?:issued|dated|of|by)\b/i.test(l) ||
  /^[A-Z][a-z]+\.? \d{1,2}, \d{4}$/.test(l) ||
  /\b\d{4}\s*[-–—/]\s*$/.test(l);

/**
 * A headline wrapped over lines: the next line continues it when nothing parts them (no blank line) and the seam
 * says so: both lines in capitals, a linking word or comma ending the first or opening the next, or, in plain text
 * laid out in paragraphs, a short remainder typed straight under it.
 */
function continues(prev: string, next: string, paragraphs: boolean): boolean {
  if (next === '' || next.length > 160 || notHeadline(next) || DATELINE.test(next)) return false;
  if (/(?<!\b(?:Inc|Corp|Co|Ltd|L\.P|N\.A))[.;:]$/i.test(prev)) return false;
  if (inCapitals(prev) && inCapitals(next)) return true;
  if (/[,&]$/.test(prev) || LINKING_WORD.test(prev.split(' ').at(-1) ?? '')) return true;
  // A line opening in lower case carries on the title; a brand written so ("eBay Delivers Record Fourth Quarter", under
  // "eBay Inc. Reports Fourth Quarter ... Results", 2018) opens a subheading of its own.
  if (/^[a-z](?![a-z]*[A-Z])/.test(next) || LINKING_WORD.test(next.split(' ')[0] ?? '')) return true;
  // Plain text: the short rest of a title wrapped under it ("... Fiscal Q4 and Full Year" / "Results for Fiscal 2006"),
  // not a subheading of its own ("Stops Silverline Product Development at Torrey Pines", Entrada 2001).
  return (
    paragraphs && !inCapitals(prev) && !inCapitals(next) && next.split(' ').length <= 4 && next.length < prev.length
  );
}

/**
 * The exhibit 99.1 press release's headline: its first line of four or more words that is not a
 * banner ("Exhibit 99.1", "FOR IMMEDIATE RELEASE"), a contact, a date line or a phone number.
 * A contact block under its label is passed over whole, and a headline wrapped over two or three lines is read whole.
 */
export function pressReleaseHeadline(text: string | null): string | null {
  if (!text) return null;
  const lines = text.slice(0, 4_000).split('\n');
  const paragraphs = /\n[ \t]*\n/.test(text.slice(0, 4_000));
  for (let i = 0; i < lines.length; i++) {
    const l = squeeze(lines[i]!);
    if (CONTACT_LABEL.test(l)) {
      i = Math.max(i, afterContactBlock(lines, i + 1) - 1);
      continue;
    }
    if (l.length < 20 || l.length > 220 || notHeadline(l)) continue;
    if (l.split(' ').length < 4) continue;
    // Prose, not a headline: a dateline ("CUPERTINO, Calif., May 2 --") opens the body.
    if (/^[A-Z][A-Z .,'-]+,\s+[A-Z][a-z]+\.?,?\s.*(?:--|—|–)/.test(l)) return null;
    let headline = l;
    for (let j = i + 1; j < Math.min(lines.length, i + 3); j++) {
      const next = squeeze(lines[j]!);
      if (headline.length + next.length > 220 || !continues(squeeze(lines[j - 1]!), next, paragraphs)) break;
      headline = `${headline} ${next}`;
    }
    return titleCase(headline.replace(/\s*[.;:]$/, ''));
  }
  return null;
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** Abbreviations a capitals headline keeps as written when it is title-cased. */
const KEPT_CAPITALS = new Set(
  'LLC LP LLP PLC NV SA AG USA US UK EU CEO CFO COO CTO FDA SEC NYSE NASDAQ IPO AI EPS GAAP ETF REIT FY II III IV NA ATM M&A R&D'.split(
    ' ',
  ),
);

/**
 * A headline set in capitals reads as a title ("PERICOM REPORTS RESULTS" -> "Pericom Reports Results"). A word with a
 * digit keeps its letters as written, and its lower case does not make the line mixed ("ADOPT RULE 10b5-1", "10-K").
 */
function titleCase(line: string): string {
  if (/[a-z]/.test(line.replace(/\S*\d\S*/g, ''))) return line;
  return line
    .split(' ')
    .map((word, i) => {
      // An abbreviation the headline defines ("(FTEL)") or one a reader knows in capitals ("LLC", "FDA", "AI").
      const core = word.replace(/^[("“]+|[)"”,.:;!?]+$/g, '');
      // Initials too ("R.J. Steichen & Company").
      if (/^\([A-Z]{2,6}\)[,.:;]?$/.test(word) || /^(?:[A-Z]\.){2,}[,:;]?$/.test(word) || KEPT_CAPITALS.has(core))
        return word;
      // "2-FOR-1" -> "2-for-1", "COVID-19" -> "Covid-19"; a form's letter and a letter run on digits stay ("10-K", "FY2024").
      if (/\d/.test(word))
        return word.replace(/(^|-)([A-Z]{2,})(?=-|$)/g, (_m, dash: string, part: string) =>
          dash ? `${dash}${part.toLowerCase()}` : part.charAt(0) + part.slice(1).toLowerCase(),
        );
      const w = word.toLowerCase();
      return i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(' ');
}
