/**
 * 8-K (and 6-K) scoring by what the items say (issue #25): each item's own text, read in
 * parse/current-content.ts, decides its level by the rubric of docs/scoring.md ("8-K (and 6-K) by
 * content"); the item number alone only decides when no text could be read under it. The deciding
 * item names the card's headline and its first sentences are quoted as "What happened".
 */
import { itemShortLabel } from '#shared/form8k-items';
import { IMPORTANCE_RANK, type Importance } from '#shared/importance';
import { ITEM_IMPORTANCE, itemImportance } from '#shared/scoring-rules';
import { CONTENT_RULES_8K, type ContentRule8k } from '#shared/scoring-rules-8k';
import { POINTER_ONLY, rolesIn } from '../parse/current-content';
import { sentences } from '../parse/item-sections';
import type { ItemContent, OfficerChange, OfficerFacts, OfficerRole, ParsedFiling } from '../parse/types';
import { isOnlyCompanyName, readableCompanyName } from '../company-name';
import { dealSize } from './deal-size';
import { agreedDealHeadline, auditorHeadline, completedDealHeadline, soldUnitHeadline } from './event-headline';
import { notesHeadline } from './notes-headline';
import { payHeadline } from './pay-headline';
import { asFiled, cap, money, withoutDefinedTerms } from './format';
import { withoutSubheading } from './subheading';
import type { Hit, ScoreContext } from './types';

/** One item judged: its level, the content rule that decided it, the facts and the headline. */
export interface ItemJudgement {
  item: string;
  importance: Importance;
  rule: ContentRule8k;
  /** Content facts in plain words (never the item's title). */
  facts: string[];
  headline: string;
  quote: string | null;
}

const ROLE_WORDS: Record<OfficerRole, string> = {
  ceo: 'CEO',
  cfo: 'CFO',
  founder: 'founder',
  coo: 'COO',
  accounting: 'chief accounting officer',
  division_head: 'head of a business unit',
  president: 'president',
  chair: 'chair',
  officer: 'officer',
  director: 'director',
};
const TOP: OfficerRole[] = ['ceo', 'cfo', 'president', 'chair', 'founder'];
const CHIEF: OfficerRole[] = ['ceo', 'cfo'];
const OPERATING: OfficerRole[] = ['coo', 'division_head', 'accounting'];

/** The item's quote as the card shows it: past a legend or cross-references it opens with (parse: shownQuote). */
function shownQuote(c: Pick<ItemContent, 'quote' | 'shownQuote'>): string | null {
  return c.shownQuote ?? c.quote;
}

function judged(
  item: Pick<ItemContent, 'number' | 'quote' | 'shownQuote'>,
  rule: ContentRule8k,
  headline: string,
  facts: string[],
): ItemJudgement {
  return {
    item: item.number,
    importance: CONTENT_RULES_8K[rule].importance,
    rule,
    facts,
    headline,
    quote: shownQuote(item),
  };
}

function firstRole(list: { role: OfficerRole }[], among: OfficerRole[]): OfficerRole | null {
  for (const role of among) if (list.some((d) => d.role === role)) return role;
  return null;
}

/** The opening of a net's reason: the sentence it read, quoted, unless "What happened" already shows it. */
function netQuote(c: ItemContent, sentence: string | undefined): string {
  return sentence && !c.quote?.includes(sentence.replace(/…$/, ''))
    ? `It says ${asFiled(sentence)}: `
    : 'The text puts ';
}

/**
 * The one person the item names as leaving (or joining) with that role's title beside the name ("Michael D.
 * Craighead, Vice President, Chief Financial Officer"), the title read as the item's sentences are (rolesIn: "Vice
 * President" is no president), so the card says who; null when none or several do. A unit's head has no one title
 * ("Executive Vice President"): the one officer leaving below the top offices and off the board.
 */
function personIn(
  people: readonly OfficerChange[],
  role: OfficerRole,
  change: 'departure' | 'appointment',
): string | null {
  const held = role === 'division_head' ? isOfficerBelowTop : (title: string) => rolesIn(title).includes(role);
  return onePerson(people, change, held)?.name ?? null;
}

/** A title below the CEO, CFO, president and chair, and not a board seat. */
function isOfficerBelowTop(title: string): boolean {
  return rolesIn(title).every((r) => r !== 'director' && !TOP.includes(r));
}

/** A board seat and nothing else ("Director", "Independent Director"). */
function isBoardSeat(title: string): boolean {
  const roles = rolesIn(title);
  return roles.length > 0 && roles.every((r) => r === 'director');
}

/** The one person (by name) the item names with that change and a title that passes the test; null when none or several. */
function onePerson(
  people: readonly OfficerChange[],
  change: 'departure' | 'appointment',
  titled: (title: string) => boolean,
): OfficerChange | null {
  const found = people.filter((p) => p.change === change && p.role && titled(p.role));
  return new Set(found.map((p) => p.name)).size === 1 ? found[0]! : null;
}

/**
 * A routine change's headline and fact, naming the person when the item names exactly one with that change: "Jack
 * Dorsey joins the board", "Robert Parks named Vice President, Chief Accounting Officer". A title over 60 characters
 * is left to the quote.
 */
function routineChange(onlyDirectors: boolean, leaves: boolean, people: readonly OfficerChange[]): [string, string] {
  const change = leaves ? 'departure' : 'appointment';
  // The routine reading found no CEO, CFO, president or chair change: a name beside such a title is another change
  // (a CFO handover announced before, BlackRock 2023), not the officer below them this card is about.
  const p = onePerson(people, change, onlyDirectors ? isBoardSeat : isOfficerBelowTop);
  if (onlyDirectors) {
    const verb = leaves ? 'leaves' : 'joins';
    return [
      `${p ? p.name : 'A director'} ${verb} the board`,
      `A director ${verb} the board${p ? `: ${p.name}` : ''}; no CEO, CFO or chair change`,
    ];
  }
  const title = p?.role && p.role.length <= 60 ? p.role : null;
  const headline = !p
    ? `An officer ${leaves ? 'leaves' : 'is appointed'}`
    : leaves
      ? `${p.name}${title ? `, ${title},` : ''} leaves`
      : `${p.name} ${title ? `named ${title}` : 'is appointed'}`;
  return [headline, `An officer below the CEO and CFO changes${p ? `: ${p.name}` : ''}; no CEO, CFO or chair change`];
}

/** "the CFO" or "the CFO, Michael D. Craighead,": the fact names the person when the item does. */
function theRole(role: OfficerRole, name: string | null): string {
  return name ? `The ${ROLE_WORDS[role]}, ${name},` : `The ${ROLE_WORDS[role]}`;
}

/** "CFO" or "CFO Michael C. Lenz": the office, then the person when the item names one. */
function roleAndName(role: OfficerRole, name: string | null, capital = false): string {
  const words = capital ? cap(ROLE_WORDS[role]) : ROLE_WORDS[role];
  return name ? `${words} ${name}` : words;
}

function officers(c: ItemContent, o: OfficerFacts, people: readonly OfficerChange[]): ItemJudgement {
  const fresh = o.departures.filter((d) => !d.followUp);
  const topExit = firstRole(fresh, TOP);
  const chiefExit = firstRole(fresh, CHIEF);
  const directors = fresh.filter((d) => d.role === 'director').length;
  if (o.disagreement && fresh.length > 0)
    return judged(c, '8k.5.02.disagreement', 'A director or officer leaves citing a disagreement', [
      'The filing states a disagreement with the company',
    ]);
  if (chiefExit && o.immediate) {
    const who = personIn(people, chiefExit, 'departure');
    return judged(c, '8k.5.02.chief-exit-immediate', `${roleAndName(chiefExit, who)} leaves, effective immediately`, [
      `${theRole(chiefExit, who)} is leaving`,
      'Effective immediately, with no notice period',
      ...(o.interim ? ['An interim successor is named'] : []),
    ]);
  }
  if (topExit) {
    const who = personIn(people, topExit, 'departure');
    return judged(c, '8k.5.02.top-exit', `${roleAndName(topExit, who, true)} to step down`, [
      `${theRole(topExit, who)} is leaving, with notice`,
      ...(o.interim ? ['An interim successor is named'] : []),
    ]);
  }
  const topIn = firstRole(
    o.appointments.filter((a) => !a.followUp),
    CHIEF,
  );
  if (topIn || o.interim) {
    const role = topIn ?? 'ceo';
    const who = personIn(people, role, 'appointment');
    // The item names who held the office before (Tyson 2017: "Donnie Smith resigned as Chief Executive Officer ...
    // Tom Hayes became the Chief Executive Officer"): a CEO exit the card names, not only the successor.
    const before = who ? personIn(people, role, 'departure') : null;
    const office = `${o.interim ? 'interim ' : ''}${ROLE_WORDS[role]}`;
    const succeeds = before && before !== who ? before : null;
    return judged(
      c,
      '8k.5.02.top-appointed',
      !who ? `New ${office} named` : succeeds ? `${who} succeeds ${succeeds} as ${office}` : `${who} named ${office}`,
      [
        `${o.interim ? 'An interim' : 'A new'} ${ROLE_WORDS[role]} is appointed${who ? `: ${who}` : ''}${succeeds ? `, succeeding ${succeeds}` : ''}`,
      ],
    );
  }
  // The rubric's "co-presidents ... named": a top appointment though neither is the CEO or CFO (JPMorgan 2026).
  if (o.coPresidents)
    return judged(c, '8k.5.02.top-appointed', 'Co-presidents named', [
      'Co-presidents are appointed: a step in top succession',
    ]);
  const operating = firstRole(fresh, OPERATING);
  if (operating || directors >= 3) {
    const who = operating ? personIn(people, operating, 'departure') : null;
    return judged(
      c,
      '8k.5.02.senior-exit',
      !operating
        ? `${directors} directors leave the board`
        : operating === 'division_head' && who
          ? `${who}, head of a business unit, leaves`
          : `${roleAndName(operating, who, true)} leaves`,
      [
        operating
          ? `${theRole(operating, who)} is leaving (below CEO and CFO)`
          : `${directors} directors leave at once`,
      ],
    );
  }
  // Three or more seats filled at once (a board enlarged or reconstituted, often after an activist or a spin-off).
  if ((o.directorsJoining ?? 0) >= 3)
    return judged(c, '8k.5.02.board-reset', `${o.directorsJoining} directors join the board`, [
      `${o.directorsJoining} directors join the board at once: the board is enlarged or reconstituted`,
    ]);
  if (o.departures.length > 0 && o.followUp)
    return judged(c, '8k.5.02.routine', 'Follow-up to a departure reported before', [
      'Follows up a departure the company reported before',
    ]);
  if (fresh.length > 0 || o.appointments.length > 0) {
    const who = fresh.length > 0 ? fresh : o.appointments;
    const [headline, fact] = routineChange(
      who.every((d) => d.role === 'director'),
      fresh.length > 0,
      people,
    );
    return judged(c, '8k.5.02.routine', headline, [fact]);
  }
  // Decision 350: the readings above found no one leaving or joining, but the item's own words put a departure beside
  // an officer's title (parse/current-content.ts departureNet): a departure they missed is not a pay-only filing. Beside
  // the CEO's, CFO's, president's or chair's title it is the rubric's top exit with notice (HIGH), else MEDIUM.
  // "Why" quotes the sentence the net read unless "What happened" already shows it (the item's first sentences).
  const said = netQuote(c, o.departureNetSaid);
  if (o.departureNet === 'top')
    return judged(c, '8k.5.02.departure-unread-top', 'A top officer may be leaving', [
      `${said}a departure beside the title of the CEO, CFO, president or chair, though who leaves could not be read for certain`,
    ]);
  // Decision 353: the same condition, but an appointment word followed by the CEO's, CFO's or president's title: the
  // rubric's new CEO/CFO (HIGH). Below a departure beside a top title (the exit is the larger news), above an officer's
  // departure (MEDIUM), since a filing takes its most important change.
  const joinQuote = netQuote(c, o.appointmentNetSaid);
  if (o.appointmentNet === 'top')
    return judged(c, '8k.5.02.appointment-unread-top', 'A new CEO, CFO or president may be named', [
      `${joinQuote}an appointment beside the title of the CEO, CFO or president, though who is appointed could not be read for certain`,
    ]);
  if (o.departureNet)
    return judged(c, '8k.5.02.departure-unread', 'An officer may be leaving', [
      `${said}a departure beside an officer’s title, though who leaves or which office could not be read for certain`,
    ]);
  // An officer below the CEO and CFO appointed is the rubric's LOW; the rule says so rather than "no change".
  if (o.appointmentNet)
    return judged(c, '8k.5.02.appointment-unread', 'An officer may be appointed', [
      `${joinQuote}an appointment beside an officer’s title below the CEO, CFO and president`,
    ]);
  return judged(c, '8k.5.02.compensation', payHeadline(c.quote) ?? 'Executive pay decisions', [
    o.compensation
      ? 'Compensation only: no director or officer joins or leaves'
      : 'No director or officer change is stated',
  ]);
}

const RENEWED =
  'A credit facility that replaces an existing one, no larger: the borrowing capacity is what it was, no new debt';
const PROGRAMME =
  "Notes sold under the company's standing debt programme (a terms agreement or medium-term notes): normal-course funding";

/** What the deal buys or sells, named from the item's first sentence; an Item 2.01 reports it done. */
function dealHeadline(c: ItemContent, d: NonNullable<ItemContent['deal']>, done = c.number === '2.01'): string | null {
  if (d.kind === 'acquisition') return agreedDealHeadline(shownQuote(c), done);
  return d.kind === 'disposal' ? soldUnitHeadline(shownQuote(c), done) : null;
}

/** A deal announced before and now closed, named as done ("Acquisition of AdvancePierre Foods Holdings, Inc. completed"). */
function completedHeadline(c: ItemContent, d: NonNullable<ItemContent['deal']>): string | null {
  const named = dealHeadline(c, d, true);
  return named && !/\bcompleted$/.test(named) ? `${named} completed` : named;
}

function deal(c: ItemContent, d: NonNullable<ItemContent['deal']>, context: ScoreContext): ItemJudgement {
  const amount = d.amountUsd != null ? money(d.amountUsd) : null;
  const size = dealSize(d.amountUsd, context);
  const sized = size ? `${amount}, ${size.said}` : amount;
  if (d.kind === 'compensation')
    return judged(c, '8k.deal.routine', 'Executive pay agreement', [
      'An employment or pay agreement: compensation only',
    ]);
  if (d.kind === 'premises_lease')
    return judged(c, '8k.deal.routine', `Lease of the company's premises${amount ? ` (${amount})` : ''}`, [
      'A lease of the offices or facilities the company works from: an ordinary-course operating contract, not a deal',
    ]);
  if (d.kind === 'buyback' && d.buyback) {
    const block = `${d.buyback.shares.toLocaleString('en-US')} of its own shares`;
    return judged(
      c,
      '8k.topic.notable',
      `Buys back ${block}${d.buyback.from ? ` from ${d.buyback.from}` : ''}${amount ? ` (${amount})` : ''}`,
      [`A share buyback: ${block} bought back under an agreement with the holder${amount ? `, ${amount}` : ''}`],
    );
  }
  if (d.kind === 'rights_plan')
    return judged(c, '8k.deal.routine', 'Shareholder rights plan', ['A shareholder rights plan adopted or extended']);
  if (d.kind === 'being_acquired' && !d.followUp)
    return judged(c, '8k.deal.being-acquired', `Agrees to be acquired${amount ? ` (${amount})` : ''}`, [
      'The company itself is to be acquired or merged into another',
      ...(sized ? [`Stated consideration ${sized}`] : []),
    ]);
  if (d.kind === 'financing') {
    // A facility enlarged is new debt even when it pays for deals announced before (docs/scoring.md 1.01 row).
    // A facility renewed at no larger size, or notes taken down under a standing debt programme, is the company's
    // normal-course funding: no new debt of a size that matters (docs/scoring.md 1.01 and 2.03 rows).
    const routine =
      !d.enlarged && (d.amendment || d.followUp || c.number === '1.02' || d.renewal === true || d.programme === true);
    return judged(
      c,
      routine ? '8k.deal.routine' : '8k.deal.financing',
      `${routine ? 'Financing agreement updated' : 'New financing'}${amount ? ` (${amount})` : ''}`,
      [
        routine
          ? d.renewal && !d.amendment && !d.followUp
            ? RENEWED
            : d.programme && !d.amendment && !d.followUp
              ? PROGRAMME
              : 'An existing credit agreement or note offering amended, extended or closed as announced'
          : d.enlarged
            ? `A credit facility enlarged: new debt${amount ? ` (${amount} stated)` : ''}`
            : d.shares
              ? `New shares sold${amount ? ` (${amount})` : ''}: dilution in the normal course`
              : `New debt${amount ? ` of ${amount}` : ''} in the normal course`,
      ],
    );
  }
  if (d.followUp && c.number !== '1.01')
    return judged(
      c,
      '8k.deal.completed',
      `${completedDealHeadline(c.quote) ?? completedHeadline(c, d) ?? 'Completes a deal announced before'}${amount ? ` (${amount})` : ''}`,
      [`Completes a deal the company announced before${size ? `: ${sized}` : amount ? ` (${amount})` : ''}`],
    );
  // Decision 359: a deal of half the company or more (CRITICAL) is sized by a sum the item names as its price. When the
  // largest sum it states is not one (a revenue, a combined company's size), the priced sum sizes it; with none, the
  // deal is weighed as one whose size is not known.
  const priced = d.pricedUsd === undefined ? d.amountUsd : d.pricedUsd;
  if (size != null && size.share >= 0.5 && priced !== d.amountUsd) {
    const pricedSize = dealSize(priced, context);
    if (pricedSize != null) {
      const what = `${money(priced!)}, ${pricedSize.said}`;
      return judged(c, pricedSize.rule, `${d.kind === 'disposal' ? 'Sale' : 'Deal'} of ${money(priced!)}`, [
        `Deal size ${what} (the price the item names; its largest sum, ${amount}, is not stated as the price)`,
      ]);
    }
  } else if (size != null) {
    const named = dealHeadline(c, d);
    return judged(
      c,
      size.rule,
      named ? `${named} (${amount})` : `${d.kind === 'disposal' ? 'Sale' : 'Deal'} of ${amount}`,
      [`Deal size ${sized}`],
    );
  }
  if (d.regulatoryOrder)
    return judged(c, '8k.topic.material', 'Consents to a regulatory enforcement order', [
      "A regulator's enforcement order (cease-and-desist or consent order): limits on what the company may do",
    ]);
  if (d.holdersVote && c.number === '1.01')
    return judged(c, '8k.deal.large', `Deal that needs its own holders' vote${amount ? ` (${amount})` : ''}`, [
      "The company's own holders must approve the deal (a joint proxy): exchange rules ask for that vote when 20% or more of its shares are issued, so the deal is large against the company",
    ]);
  // Decision 351: the rubric's 1.01 LOW cell, "a routine amendment". An agreement that is not a deal for a business (not an
  // acquisition, a sale or the company's own sale) and only amends or extends one the company already has, with no
  // market value to size it, changes terms in the normal course: LOW. An amended acquisition or merger agreement is
  // still weighed as the deal (its holders' vote above, or MEDIUM unsized below).
  if (d.kind === 'other' && d.amendment)
    return judged(c, '8k.deal.routine', `Agreement amended${amount ? ` (${amount})` : ''}`, [
      `An existing agreement amended or extended${amount ? ` (${amount} stated)` : ''}: a routine amendment, not a new contract`,
    ]);
  const what =
    d.kind === 'disposal' ? 'Sale of a business' : d.kind === 'acquisition' ? 'Acquisition' : 'Material agreement';
  const named = dealHeadline(c, d);
  return judged(c, '8k.deal.unsized', `${named ?? what}${amount ? ` (${amount})` : ''}`, [
    `${what}${amount ? ` of ${amount}` : ''}; its size against the company is not known`,
  ]);
}

function listing(c: ItemContent, l: NonNullable<ItemContent['listing']>): ItemJudgement {
  const ex = l.exchange ?? 'Exchange';
  const cure = l.cureDays ? `: ${l.cureDays} days to cure` : '';
  switch (l.kind) {
    case 'delisting':
      return judged(c, '8k.3.01.delisting', `${ex} moves to delist the shares`, [
        'A delisting determination or suspension, not a notice with a cure period',
      ]);
    case 'voluntary_delisting':
      return judged(c, '8k.3.01.delisting', 'The company will delist its shares', ['A voluntary delisting']);
    case 'transfer':
      return judged(c, '8k.3.01.transfer', 'Listing moves to another market', [
        'A voluntary transfer of the listing, not a deficiency',
      ]);
    case 'cured':
      return judged(c, '8k.3.01.transfer', `${ex} notice, compliance regained`, ['Compliance already regained']);
    case 'composition':
      return judged(c, '8k.3.01.composition', `${ex} board-composition notice${cure}`, [
        `A board or audit-committee composition notice${l.cureDays ? ` with ${l.cureDays} days to cure` : ' with a cure period'}`,
      ]);
    default:
      return judged(c, '8k.3.01.deficiency', `${ex} deficiency notice${cure}`, [
        `A deficiency notice with a cure period${l.cureDays ? ` of ${l.cureDays} days` : ''}, not a delisting`,
      ]);
  }
}

function vote(c: ItemContent, v: NonNullable<ItemContent['vote']>): ItemJudgement {
  if (v.sayOnPayRejected)
    return judged(c, '8k.5.07.failed', 'Shareholders reject say-on-pay', ['Say-on-pay did not pass']);
  if (v.failed)
    return judged(c, '8k.5.07.failed', 'A proposal failed at the meeting', ['A board-backed proposal failed']);
  if (v.contested) return judged(c, '8k.5.07.failed', 'Contested election results', ['The election was contested']);
  if (v.special && v.deal)
    return judged(c, '8k.5.07.deal', 'Shareholders approve the deal', [
      'A special meeting approves a deal (the expected step)',
    ]);
  return judged(c, '8k.5.07.routine', 'Shareholder vote results: all passed as recommended', [
    'Every proposal went as the board recommended',
  ]);
}

const TOPIC_RULES: [NonNullable<ItemContent['topics']>[number], ContentRule8k, string][] = [
  ['reorganized', '8k.reorganized', 'A court-confirmed reorganization completed: the company emerges'],
  ['being_acquired', '8k.deal.being-acquired', 'Agrees to be acquired or merged into another company'],
  ['going_concern', '8k.topic.survival', 'Going-concern doubt'],
  ['bankruptcy', '8k.topic.survival', 'Bankruptcy or reorganisation'],
  [
    'capital_deficiency',
    '8k.topic.survival',
    'Regulatory capital breached: a broker-dealer under the net capital rules, or a bank critically undercapitalized',
  ],
  ['tender_offer', '8k.topic.survival', 'Tender offer for the company'],
  ['debt_for_equity', '8k.topic.survival', "A restructuring that turns the company's debt into its equity"],
  ['recall', '8k.topic.material', 'Product recall'],
  ['investigation', '8k.topic.material', 'An investigation or subpoena'],
  [
    'enforcement',
    '8k.topic.material',
    "A regulator's enforcement order (cease-and-desist or consent order, a written agreement with a bank regulator)",
  ],
  ['guidance_withdrawn', '8k.topic.material', 'Guidance withdrawn or cut'],
  [
    'expected_decline',
    '8k.topic.material',
    'An earnings warning: results expected below the same period a year before',
  ],
  [
    'credit_warning',
    '8k.topic.material',
    'A credit warning: the bank expects more bad loans (non-performing loans, charge-offs or loan-loss provisions up)',
  ],
  ['strategic_alternatives', '8k.topic.material', 'Strategic alternatives or an unsolicited offer'],
  ['separation', '8k.topic.material', 'A business to be spun off or separated'],
  ['merger', '8k.topic.material', 'A merger or acquisition agreement'],
  ['lawsuit', '8k.topic.material', 'Securities litigation'],
  // Decision 371: weighed as the 1.01 row weighs an acquisition no market value sizes. The company's own holders voting
  // (20% or more of its shares issued) or a combination of peers stays 'merger' above.
  [
    'acquisition',
    '8k.deal.unsized',
    "An acquisition agreement with no vote of the company's own holders; its size against the company is not known",
  ],
  ['buyback', '8k.topic.notable', 'A share buyback'],
  ['dividend_change', '8k.topic.notable', 'A dividend change'],
];

/** Decision 357's MEDIUM cell, as the parse found it: its title (the press release's headline when it has one) and reason. */
const GOVERNANCE_NOTABLE = {
  reverse_split: ['Reverse stock split', 'A reverse stock split'],
  anti_takeover: ['Anti-takeover change', 'An anti-takeover change to the charter or bylaws'],
} as const;

function governanceNotable(
  c: ItemContent,
  notable: keyof typeof GOVERNANCE_NOTABLE,
  headline: string | null = null,
): ItemJudgement {
  const [title, reason] = GOVERNANCE_NOTABLE[notable];
  return judged(c, '8k.governance.notable', headline ?? title, [reason]);
}

function topics(c: ItemContent, headline: string | null): ItemJudgement {
  const found = c.topics ?? [];
  for (const [topic, rule, words] of TOPIC_RULES)
    if (found.includes(topic))
      return judged(
        c,
        rule,
        headline ?? (topic === 'acquisition' ? agreedDealHeadline(shownQuote(c)) : null) ?? words,
        [`${words} (from the text${headline ? ' and the press release headline' : ''})`],
      );
  if (found.includes('results'))
    return judged(c, '8k.2.02.scheduled', headline ?? itemHeadline(c) ?? 'Results released', ['A results release']);
  if (found.includes('facility_renewed'))
    return judged(c, '8k.deal.routine', headline ?? itemHeadline(c) ?? 'Credit facility renewed', [RENEWED]);
  if (found.includes('debt_programme'))
    return judged(c, '8k.deal.routine', headline ?? itemHeadline(c) ?? 'Notes sold under a debt programme', [
      PROGRAMME,
    ]);
  if (found.includes('compensation'))
    return judged(
      c,
      '8k.topic.compensation',
      headline ?? payHeadline(c.quote) ?? itemHeadline(c) ?? 'Executive pay decisions',
      ['Executive pay: options, awards or perquisites granted; nothing on the material list'],
    );
  // Decision 357: a reverse split is the rubric's MEDIUM cell, not the routine "stock split" a forward split is.
  if (c.governance?.notable) return governanceNotable(c, c.governance.notable, headline);
  if (found.includes('routine') || c.number === '7.01')
    return judged(c, '8k.topic.routine', headline ?? itemHeadline(c) ?? 'Press release or presentation', [
      'A presentation, conference, routine dividend or announcement: nothing on the material list',
    ]);
  // Decision 347: the fallback's level is what a new filing landing here usually is. An 8.01 no reading places and
  // whose opening names no event a holder could act on is a routine disclosure (LOW); one that names such an event the
  // rules could not weigh stays other news (MEDIUM). A parse stored before decision 347 has no event words: MEDIUM.
  const words = c.eventWords;
  if (words && words.length === 0)
    return judged(c, '8k.topic.plain', headline ?? itemHeadline(c) ?? 'Routine disclosure', [
      'Nothing in the text is on the material list, and it names no event such as a deal, a lawsuit, a default or a departure: a routine disclosure',
    ]);
  return judged(c, '8k.topic.other', headline ?? itemHeadline(c) ?? 'Other events', [
    words && words.length > 0
      ? `Other news not on the material list; it mentions ${quotedList(distinctStems(words).slice(0, 3))}, so something happened that may matter`
      : 'Other news: nothing on the material list',
  ]);
}

/** One word per stem, the first seen: “termination” and “terminate” name one event, “acquired” and “acquiring” too. */
function distinctStems(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((w) => {
    const stem = w.toLowerCase().slice(0, 6);
    if (seen.has(stem)) return false;
    seen.add(stem);
    return true;
  });
}

/** “a”; “a” and “b”; “a”, “b” and “c”. */
function quotedList(words: string[]): string {
  const q = words.map((w) => `“${w}”`);
  return q.length > 1 ? `${q.slice(0, -1).join(', ')} and ${q.at(-1)}` : (q[0] ?? '');
}

/** What an item reports when that alone is the news (no finer reading of its text). */
const ITEM_FACT: Record<string, string> = {
  '1.03': 'A bankruptcy or receivership',
  '1.05': 'A material cybersecurity incident',
  '2.04': 'A debt obligation accelerated or increased',
  '3.02': 'Shares sold without registration (dilution)',
  '3.03': 'Holders’ rights modified',
  '4.02': 'Previously issued financial statements can no longer be relied on',
  '5.01': 'Control of the company changed hands',
  '5.06': 'The company’s shell status changed',
};

/** An item judged by its number (no text under it, or the number is the news): its default level, said so. */
function byNumber(number: string, quote: string | null = null): ItemJudgement {
  const importance = itemImportance(number);
  const rule: ContentRule8k = `8k.number.${importance.toLowerCase() as 'low'}`;
  const fact = ITEM_FACT[number];
  return {
    item: number,
    importance,
    rule,
    facts: [
      fact ??
        (quote
          ? `Item ${number}, as quoted`
          : `Item ${number} (its text could not be read, so the item number decides)`),
    ],
    headline: fact ?? itemShortLabel(number),
    quote,
  };
}

/** Any character but a sentence's end ("Exhibit 99.1" and "Garrison R. Smith" keep their periods). */
const IN_SENTENCE = String.raw`(?:[^.]|\.(?=\d)|(?<=\b[A-Z])\.)`;
/** A sentence that only points to the press release in an exhibit, in either order, or to the exhibits listed. */
const RELEASE_POINTER = new RegExp(
  String.raw`^(?:${IN_SENTENCE}{0,120}\b(?:press|news) release\b${IN_SENTENCE}{0,120}\b(?:attached|furnished|filed) (?:hereto|herewith|as)\b|(?:Attached|Furnished|Filed) (?:hereto|herewith)${IN_SENTENCE}{0,60}\bis (?:a|the) (?:copy of (?:a|the) )?(?:press|news) release\b|The (?:following )?exhibits? (?:listed below )?(?:is|are) (?:being )?(?:furnished|filed)\b)`,
  'i',
);
/** What a pointer says the release is about: "issued a press release ... announcing the completion of the sale". */
const RELEASE_ABOUT = new RegExp(
  String.raw`\b(?:press|news) release\b(?:, a copy of which${IN_SENTENCE}{0,80}?,)? (?:announcing|containing|regarding|relating to|reporting|to announce|that announced|about)(?: that)? (${IN_SENTENCE}{12,})`,
  'i',
);
/** "is filing this Current Report on Form 8-K (solely) to recast ...": the report's stated purpose. */
const FILED_TO = new RegExp(
  String.raw`\b(filing|furnishing) this (?:Current Report|report|Form 8-K)(?: on Form 8-K)?(?: solely)? (?:in order )?to (${IN_SENTENCE}{12,})`,
  'i',
);
/** The legend that an item is furnished, not filed. */
const FURNISHED_LEGEND =
  /\b(?:furnishing|filing) this (?:Current Report|Form 8-K|report)\b|\b(?:is|are|shall be) (?:intended to be |being )?furnished\b[^.]{0,160}\b(?:not (?:be )?(?:deemed )?filed|Regulation FD)|^This information,? furnished\b/i;

/**
 * The period a results release covers, as the item names it: "announcing its financial results for the fiscal quarter
 * ended August 31, 2023" -> "Results for the fiscal quarter ended August 31, 2023".
 */
const RESULTS_PERIOD =
  /\b(?:results(?: of operations)?|earnings(?: release)?) for (?:its |the |our )?((?:[\w-]+,? ){1,8}?(?:ended|ending) [A-Z][a-z]+\.? \d{1,2},? \d{4}|(?:[\w-]+ ){1,5}?(?:19|20)\d{2}\b)/;

function resultsPeriod(quote: string | null): string | null {
  const period = quote ? RESULTS_PERIOD.exec(quote)?.[1] : null;
  return period ? `Results for the ${period.replace(/,(?= ended)/, '').replace(/\bits /g, '')}` : null;
}

/**
 * The subheading the item's text opens with, when set in capitals as a title ("SUPPLEMENT TO THE JOINT PROXY
 * STATEMENT/PROSPECTUS This Current Report on Form 8-K ...", Disney 2018): the headline, in the reader's case (small
 * words small, short acronyms such as FDA or SEC kept).
 */
function capitalsTitle(quote: string): string | null {
  const title = quote.slice(0, quote.length - withoutSubheading(quote).length).trim();
  return title.length >= 15 && !/[a-z]/.test(title) ? readableCompanyName(title) : null;
}

/** The headline the item's own text gives, read from the quote the card shows. */
function itemHeadline(c: Pick<ItemContent, 'quote' | 'shownQuote'>): string | null {
  return headlineFromQuote(shownQuote(c));
}

/** A headline from the item's own first sentence when the filing has none: the date clause dropped, cut to a line. */
function headlineFromQuote(quote: string | null): string | null {
  if (!quote) return null;
  const title = capitalsTitle(quote);
  if (title) return title;
  const notes = notesHeadline(quote);
  if (notes) return notes;
  // A release's own title quoted in the item: 'issued a press release titled, “The Marygold Companies to ...”'.
  const titled = /\b(?:press|news) release (?:titled|entitled|headlined),?\s*[“"]([^”"]{12,160})[”"]/i.exec(quote);
  if (titled?.[1]) return titled[1].replace(/[.,]$/, '');
  // "... is filing this Current Report on Form 8-K to provide the legal opinion ...": why it was filed is the news.
  const filedTo = FILED_TO.exec(quote);
  if (filedTo?.[2]) return cutToLine(`${filedTo[1] === 'furnishing' ? 'Furnished' : 'Filed'} to ${filedTo[2]}`);
  // "This information, furnished under this “Item 9. Regulation FD Disclosure,” is intended to be furnished": an item
  // that opens with the furnished-not-filed legend says nothing of the event (and its item numbers break the sentences).
  const said = sentences(quote);
  if (said.length === 0 || FURNISHED_LEGEND.test(said[0]!)) return null;
  // "Reference is made to the press release ... attached hereto as an exhibit", "Attached hereto as Exhibit 99.1 is a
  // press release issued by Tyson Foods": the item only points to its press release, whose words are not at hand; the
  // card says that, not the pointer's boilerplate. One that says what the release is about says that.
  const about = RELEASE_ABOUT.exec(said[0]!)?.[1];
  // A short defined term goes here, before cutToLine, so the comma that may follow it stays in the line.
  if (about) return cutToLine(cap(about).replace(/\s*\((?:the )?[“"][^”"]{1,40}[”"]\)/g, ''));
  if (POINTER_ONLY.test(quote.trim()) || RELEASE_POINTER.test(said[0]!)) return 'Press release attached as an exhibit';
  // The first sentence is the headline when it says enough; a second one only makes the line run on to its cut.
  const first = (said[0]!.length >= 60 ? said[0]! : said.join(' '))
    // "As previously announced, on June 20, 2018, ...", "Effective December 19, 2023 the board ...": the date is the card's.
    .replace(/^(?:As previously (?:announced|disclosed|reported),?\s*)?/i, '')
    .replace(/^(?:On|Effective(?: as of)?|As of)\s+[A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4},?\s*/i, '');
  return cutToLine(cap(first));
}

/**
 * What a headline can do without (decision 378's wording pass): a clock time or a circumstance before the event ("at 11:59
 * pm Eastern time, the waiting period ...", "in light of the recent surge in COVID-19 cases ..., the Company will hold
 * ..."), a party's state of incorporation and parentage (", a Delaware corporation and wholly owned subsidiary of
 * Disney"), its ticker ("(Nasdaq: ASTC)"), and "as amended". The quote on the card keeps every word.
 */
const LEAD_IN =
  /^(?:at \d{1,2}:\d{2}\s?[ap]\.?m\.?(?:\s+[A-Z][a-z]+ time)?|(?:in light of|due to|as a result of)\b[^,]{5,160}),\s+(?=\S)/i;
const APPOSITIVE =
  /,\s+(?:a|an)\s+(?:[A-Z][a-z]+\s+)?(?:corporation|limited liability company|limited partnership|statutory trust)(?:\s+(?:organized|incorporated) under the laws of [A-Z][a-z]+(?: [A-Z][a-z]+)?)?(?:\s+and\s+(?:a\s+)?(?:direct\s+|indirect\s+)?wholly[- ]owned subsidiary of [^,()]{2,60}?)?(?=,)|\s*\((?:Nasdaq|NYSE|NYSE American|AMEX|OTC\w*|TSX)(?:\s+\w+)?\s*:\s*[A-Z.]{1,6}\)|,\s+as amended(?=[,\s])/g;

/** A headline's length: up to 110 characters, else cut at a word with an ellipsis; defined terms are drafting, not news. */
function cutToLine(text: string): string {
  const plain = withoutDefinedTerms(text).replace(APPOSITIVE, '');
  const lead = LEAD_IN.exec(plain);
  const rest = lead ? plain.slice(lead[0].length) : '';
  const event = rest.length >= 30 ? cap(rest) : plain;
  const whole = event
    .replace(/(?<!\b(?:Inc|Corp|Co|Ltd|Esq|Jr|Sr|[A-Z]))\.$/, '')
    // A sentence cut at its end keeps an abbreviation's period ("Kofax, Inc.", "Garrison R. Smith, Esq.").
    .replace(/\b(Inc|Corp|Co|Ltd|Esq|Jr|Sr)$/, '$1.');
  if (whole.length <= 110) return whole;
  // A main clause that ends before a relative or purpose clause is a whole line ("posted two investor presentations to
  // the Company's website, both of which ..."): cut there, with nothing left hanging. Else at a word, with an ellipsis.
  const clause = CLAUSE_AFTER.exec(whole.slice(40, 108));
  const head = clause ? whole.slice(0, 40 + clause.index) : '';
  if (head && !/\b(?:that|and|or|the|a|an|of|to|announced|said|stated|reported)$/i.test(head)) return head;
  return `${whole.slice(0, 107).replace(/\s+\S*$/, '')}…`;
}

const CLAUSE_AFTER =
  /,\s+(?:(?:both|each|all|some) of )?which\b|,\s+(?:pursuant to|under which|whereby|in connection with|including)\b|\s+(?:pursuant to|in order to|to allow)\s/;

export function judgeItem(
  number: string,
  c: ItemContent | undefined,
  context: ScoreContext,
  headline: string | null,
  people: readonly OfficerChange[] = [],
): ItemJudgement {
  if (c && BY_REFERENCE.test(c.quote ?? ''))
    return {
      item: number,
      importance: 'LOW',
      rule: '8k.by-reference',
      facts: [],
      headline: itemShortLabel(number),
      quote: null,
    };
  if (number === '9.01')
    return {
      item: number,
      importance: 'LOW',
      rule: '8k.exhibits',
      facts: ['Financial statements and exhibits only'],
      headline: 'Financial statements and exhibits',
      quote: null,
    };
  if (!c) return byNumber(number);
  if (c.officers) return officers(c, c.officers, people);
  if (c.deal) return deal(c, c.deal, context);
  if (c.listing) return listing(c, c.listing);
  if (c.vote) return vote(c, c.vote);
  if (c.results)
    return c.results.warning
      ? judged(c, '8k.2.02.warning', headline ?? 'Preliminary results or a warning', [
          'Results outside the calendar: preliminary figures, revised results, a warning or guidance cut',
        ])
      : c.results.companion
        ? judged(c, '8k.2.02.supplement', headline ?? 'Supplemental figures beside the results', [
            'Supplemental figures furnished beside the results announced the same day: the release was the news',
          ])
        : judged(c, '8k.2.02.scheduled', headline ?? resultsPeriod(shownQuote(c)) ?? 'Quarterly results released', [
            'The scheduled results release',
          ]);
  if (number === '5.01' && c.reorganized)
    return judged(c, '8k.reorganized', 'Control passes under the reorganization plan', [
      "Control changed hands on the reorganization plan's effective date: the completion of a restructuring announced before",
    ]);
  // Decision 359: a 1.03 whose own text says the plan became effective or the company emerged reports the bankruptcy's
  // end (decision 333: one step below its start), not a new one.
  if (number === '1.03' && c.reorganized)
    return judged(c, '8k.reorganized', 'The company emerges from its reorganization', [
      'The reorganization plan became effective or the company emerged: the end of a bankruptcy reported before',
    ]);
  // Decision 359: Item 5.01 is the SEC's heading for any change of control, most often an acquisition closing or a block
  // of shares sold. Read, it is a change already made (HIGH); the rubric's CRITICAL is the agreement for the company to
  // change hands (a 1.01 or 8.01 that says so), and a completion is one step below the announcement.
  if (number === '5.01' && c.quote)
    return judged(c, '8k.5.01.control-changed', 'Control of the company changed hands', [
      'Control of the company changed hands (the item’s own text): a change already made, one step below the agreement for the company to be acquired',
    ]);
  if (c.topics) return topics(c, headline);
  if (number === '3.02' && c.saleClosed)
    return judged(c, '8k.deal.completed', 'Closes a share sale agreed before', [
      'Shares sold at the closing of a sale agreed on an earlier date: the agreement was the news',
    ]);
  // Decision 357: the rubric's 5.03/5.05 MEDIUM cell ("a reverse split, an anti-takeover change"); the rest is a tidy-up.
  if ((number === '5.03' || number === '5.05') && c.governance?.notable)
    return governanceNotable(c, c.governance.notable);
  if (number === '5.03' || number === '5.05')
    return judged(c, '8k.governance.routine', 'Bylaws or charter amended', ['A bylaw or charter change']);
  if (c.auditor) {
    const flagged = c.auditor.flagged || c.auditor.resigned;
    const named = auditorHeadline(c.quote);
    return judged(
      c,
      flagged ? '8k.4.01.flagged' : '8k.4.01.routine',
      named ?? (flagged ? 'Auditor leaves' : 'Auditor change'),
      [
        c.auditor.flagged
          ? 'The auditor change comes with a disagreement, a reportable event or a material weakness'
          : c.auditor.resigned
            ? 'The auditor resigned, effective immediately'
            : 'Auditor change; no disagreement stated',
      ],
    );
  }
  if (number === '4.01') {
    const flagged =
      /\bdisagreement|reportable event/i.test(c.quote ?? '') &&
      !/\bno (?:disagreements?|reportable events?)\b|\bthere were no\b/i.test(c.quote ?? '');
    return judged(c, flagged ? '8k.4.01.flagged' : '8k.4.01.routine', auditorHeadline(c.quote) ?? 'Auditor change', [
      flagged
        ? 'The auditor change comes with a disagreement or a reportable event'
        : 'Auditor change; no disagreement stated',
    ]);
  }
  if (number === '2.05' || number === '2.06')
    return judged(c, '8k.charges', 'Restructuring or impairment charges', ['Restructuring or impairment charges']);
  if (number === '3.03' && /\brights (?:agreement|plan)\b/i.test(c.quote ?? ''))
    return judged(c, '8k.deal.routine', 'Shareholder rights plan', ['A shareholder rights plan adopted or extended']);
  return byNumber(number, c.quote);
}

/** "The information set forth under Item 2.03 is incorporated herein by reference." */
// A title fragment the filer misspelt ("... of a Registration.") may stand before it.
const BY_REFERENCE =
  /^(?:[^.]{0,60}\.\s+)?(?:The )?(?:information|disclosures?|description) (?:set forth|contained|included|described|provided|reported)[^.]{0,80}\bItems? \d{1,2}\.\d{2}\b[^.]{0,160}\bincorporated\b/i;

/**
 * A 3.02 whose shares go to the holders of the company being bought ("In accordance with the terms of the
 * Merger Agreement, Nuance will issue to the former stockholders of BeVocal approximately 8.3 million shares"):
 * the issue is how the deal is paid, so its weight is the deal's, not a capital raise's.
 */
const PAYS_FOR_DEAL =
  /\b(?:merger agreement|agreement and plan of merger|(?:stock|share|asset) purchase agreement|acquisition agreement)\b[^.]{0,200}\b(?:stockholders|shareholders|equityholders|holders|members|owners) of\b|\bas (?:partial |part of the )?consideration for (?:the|its) (?:acquisition|merger|purchase)\b/i;

/**
 * An item whose text only announces another item's news ("issued a press release to announce the events described
 * below in Item 8.01", CoreWeave 2026): like an item incorporated by reference, it adds no news of its own, so the item
 * it points to is not an aside to it.
 */
const POINTS_TO_ITEM =
  /^.{0,160}?\b(?:to announce|announcing|regarding|describing|relating to)\b[^.]{0,40}\b(?:events?|matters?|information|transactions?) (?:described|set forth|reported)\b[^.]{0,20}\b(?:in|under) Item \d{1,2}\.\d{2}\b[^.]{0,60}\.?$/i;

/**
 * One filing, read as a whole: an 8.01 with nothing on the material list beside other items is an
 * aside (an annual meeting's trustee notice), new debt closed beside a routine financing step
 * is part of that step, and shares issued to pay for an acquisition reported beside them weigh what the deal does.
 */
function inContext(judgements: ItemJudgement[]): ItemJudgement[] {
  const substantive = judgements.filter(
    (j) => j.item !== '9.01' && j.rule !== '8k.by-reference' && !POINTS_TO_ITEM.test(j.quote ?? ''),
  );
  const routineFinancing = judgements.some((j) => j.rule === '8k.deal.routine' && /financing/i.test(j.headline));
  const acquisition = judgements.find(
    (j) => j.rule.startsWith('8k.deal.') && j.rule !== '8k.deal.financing' && j.rule !== '8k.deal.routine',
  );
  return judgements.map((j) => {
    if (j.item === '3.02' && j.rule === '8k.number.medium' && acquisition && PAYS_FOR_DEAL.test(j.quote ?? ''))
      return {
        ...j,
        rule: acquisition.rule,
        importance: acquisition.importance,
        facts: ['The unregistered shares pay for the acquisition reported in this filing: weighed with the deal'],
      };
    if (j.rule === '8k.topic.other' && substantive.length > 1)
      return {
        ...j,
        rule: '8k.topic.aside',
        importance: 'LOW',
        facts: ['Other news beside the items above: nothing on the material list'],
      };
    if (j.rule === '8k.deal.financing' && routineFinancing)
      return {
        ...j,
        rule: '8k.deal.routine',
        importance: 'LOW',
        facts: ['Part of the same financing step, amended, extended or closed as announced'],
      };
    return j;
  });
}

/**
 * An item only the SEC header names, while the document's own headings name others and say nothing
 * under it (a 1996 header's "Changes in control of registrant" over a body of monthly results): the
 * number alone, contradicted by the document, decides no more than MEDIUM, and the reason says why.
 */
function headerOnly(j: ItemJudgement): ItemJudgement {
  if (!j.rule.startsWith('8k.number.') || IMPORTANCE_RANK[j.importance] <= IMPORTANCE_RANK.MEDIUM) return j;
  return {
    ...j,
    importance: 'MEDIUM',
    rule: '8k.number.medium',
    facts: [
      `The SEC header lists Item ${j.item}${ITEM_FACT[j.item] ? ` (${ITEM_FACT[j.item]!.toLowerCase()})` : ''}, but the document's own item headings do not include it`,
    ],
  };
}

/** The items of an 8-K judged, the deciding one first. */
export function judgeItems(f: ParsedFiling, context: ScoreContext): ItemJudgement[] {
  if (f.detail?.kind !== 'current') return [];
  const { items, content, people } = f.detail;
  // A first line that is only the issuer's name is a letterhead, not a headline: the items name the event.
  const exhibitHeadline =
    f.detail.exhibitHeadline && !isOnlyCompanyName(f.detail.exhibitHeadline, f.company?.name ?? '')
      ? f.detail.exhibitHeadline
      : null;
  const byItem = new Map((content ?? []).map((c) => [c.number, c]));
  const bodyNamesItems = (f.detail.bodyItems ?? []).length > 0;
  const judgements = inContext(
    items.map((i) => {
      const j = judgeItem(i.number, byItem.get(i.number), context, exhibitHeadline ?? null, people);
      return i.from === 'header' && bodyNamesItems && content ? headerOnly(j) : j;
    }),
  );
  // Stored before items were read by content (a rescore from the stored parse): say so, not "could not be read".
  if (!content)
    for (const j of judgements)
      j.facts = j.facts.map((f) =>
        f.replace(
          'its text could not be read, so the item number decides',
          'scored by its number: stored before items were read by content',
        ),
      );
  return judgements.sort((a, b) => IMPORTANCE_RANK[b.importance] - IMPORTANCE_RANK[a.importance]);
}

export function judgementHit(j: ItemJudgement): Hit {
  const importance = j.importance;
  return {
    rule: ITEM_IMPORTANCE[j.item] ? `8k.item.${j.item}` : '8k.item.other',
    importance,
    reason: j.facts.join('; '),
  };
}
