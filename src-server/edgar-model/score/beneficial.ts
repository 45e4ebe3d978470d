/**
 * Schedules 13D and 13G by what the cover says (docs/scoring.md, "13D and 13G"): a first filing is
 * a first crossing of 5%, an amendment whose holder ceased to own more than 5% is an exit, a 13D
 * whose Item 4 states an action taken (a letter, a proposal, nominations) weighs more than one
 * that only updates numbers.
 */
import { daysBetween } from '#shared/calendar';
import { isEntityName, titleCaseName } from '#shared/insider';
import { SCORING_THRESHOLDS as T } from '#shared/scoring-rules';
import { readableCompanyName } from '../company-name';
import { BUYOUT_PROPOSAL, HOLDER_MERGER } from '../parse/beneficial-cover';
import type { BeneficialDetail, ParsedFiling } from '../parse/types';
import { percent, plural, sentence } from './format';
import type { Hit, ScoreContext } from './types';

interface Scored {
  hits: Hit[];
  oneLiner: string;
  summary?: string;
}

/**
 * Index-fund managers file a 13G on every large company they hold, at whatever size the index weights give them:
 * routine, not a signal, however large (decision 376: BlackRock's first 13G at 15.4% of Cooper Tire, LOW). FMR
 * (Fidelity) is not one: its 13G is an active manager's choice to own 5% (FMR's first 13G on NorthStar Realty Finance,
 * 8.3%: MEDIUM). Nor is Invesco, an active house whose index funds came later (its first 13G at 7.3% of Crown
 * Resources in 1997: MEDIUM). Barclays Global Investors, the iShares manager until 2009, is one (decision 354: its
 * first 13G on Cherokee, 6.49%: LOW).
 */
const INDEX_MANAGER =
  /\b(vanguard|blackrock|barclays global investors|state street|ssga|geode capital|northern trust|dimensional fund|charles schwab)\b/i;

interface StakeFacts {
  filer: string;
  company: string;
  pct: number | null;
  prev: number | null;
  stake: string;
  is13D: boolean;
  amendment: boolean;
  exit: boolean;
  d: BeneficialDetail | null;
  /** Days from the cover's "Date of Event which Requires Filing" to the filing date, when both are known. */
  eventAgeDays: number | null;
  /** A tender offer statement (SC TO-T, SC TO-I) that is also the holder's 13D/A: the offer is the holder acting. */
  tenderOffer: boolean;
}

/** Decision 373: a first 13D filed this long after the event that required it reports a stake bought long before. */
const STALE_EVENT_DAYS = 60;

function stakeFacts(f: ParsedFiling, company: string, context: ScoreContext): StakeFacts {
  const d = f.detail?.kind === 'beneficial' ? f.detail : null;
  const filer = f.filer?.displayName ?? d?.filer.name ?? f.filer?.name ?? 'A holder';
  const pct = d?.percentOfClass ?? null;
  const prev =
    context.previousPercent ??
    (context.original?.detail?.kind === 'beneficial' ? context.original.detail.percentOfClass : null);
  // The cover's "(Amendment No. 1)" makes an amendment even when it was filed under the original's form type
  // (Capital Group on Administaff 1998, "SC 13G" at 0.0%): the holder is reporting on a stake it reported before.
  const amendment = f.isAmendment || (d?.amendmentNo ?? 0) > 0;
  const exit =
    d?.ceasedFivePercent === true ||
    (amendment && d?.exitByMerger === true) ||
    (amendment && pct != null && pct < 5) ||
    (prev != null && prev >= 5 && pct != null && pct < 5);
  return {
    filer,
    company,
    pct,
    prev,
    stake: pct != null ? `${percent(pct)} of ${company}` : `a stake in ${company}`,
    is13D: d?.schedule === '13D' || /13D/.test(f.formType),
    amendment,
    exit,
    d,
    tenderOffer: /^SC TO/i.test(f.formType),
    eventAgeDays: eventAge(d?.eventDate ?? null, f.filedDate ?? f.acceptedAt?.slice(0, 10) ?? null),
  };
}

function eventAge(event: string | null, filed: string | null): number | null {
  if (!event || !filed) return null;
  const days = daysBetween(filed, event);
  return Number.isFinite(days) ? days : null;
}

function oneLinerOf(s: StakeFacts): string {
  const was = s.prev != null && s.pct != null && s.prev !== s.pct ? `, was ${percent(s.prev)}` : '';
  if (s.exit)
    return `${s.filer} no longer owns more than 5% of ${s.company}${s.pct != null ? ` (now ${percent(s.pct)}${was})` : ''}`;
  const persons =
    s.d && s.d.reportingPersons.length > 1 ? ` (${plural(s.d.reportingPersons.length, 'reporting person')})` : '';
  const first = !s.amendment ? `, a first ${s.is13D ? '13D' : '13G'}` : '';
  return `${s.filer} reports ${s.stake}${was ? ` (${was.slice(2)})` : ''}${first}${persons}`;
}

function exitHit(s: StakeFacts): Hit {
  const left = s.pct != null ? percent(s.pct) : null;
  // The cover's box ("...has ceased to be the beneficial owner of more than five percent...") is the filing's own
  // statement: say what it states, with the percentage its cover reports when one was read.
  const reason = s.d?.ceasedFivePercent
    ? `The filing states that ${s.filer} no longer owns more than 5% of ${s.company}${left ? ` (it reports ${left})` : ''}: an exit`
    : `${s.filer} has ceased to be the beneficial owner of more than 5% of ${s.company}: an exit${left ? `, ${left} left` : ''}`;
  return { rule: 'stake.exit', importance: 'MEDIUM', reason };
}

/**
 * A stake that crossed 5% or 10% since the holder's previous filing. Decision 356, from the rubric's words: a 13D/A
 * "that ... crosses a new threshold is HIGH" is a stake that rose through it; one that fell through 10% and stays above
 * 5% is "a 13D/A that only updates numbers" (MEDIUM, as an exit below 5% is MEDIUM). "A 13G/A with small changes is
 * LOW": a passive holder's move of less than passiveStakeChangePts is small even when it crosses 10%.
 */
function crossingHit(s: StakeFacts): Hit[] {
  if (s.pct == null || s.prev == null) return [];
  const crossed = T.stakeCrossingsPct.find((x) => s.prev! < x !== s.pct! < x);
  if (crossed == null || (crossed === 5 && s.pct < 5)) return [];
  if (s.is13D && s.amendment && s.pct < crossed) return [];
  if (!s.is13D && s.amendment && Math.abs(s.pct - s.prev) < T.passiveStakeChangePts) return [];
  return [
    {
      rule: 'stake.crossing',
      importance: s.is13D ? 'HIGH' : 'MEDIUM',
      reason: `The stake ${s.pct >= crossed ? 'rose above' : 'fell below'} ${crossed}% (${percent(s.prev)} -> ${percent(s.pct)})`,
    },
  ];
}

/**
 * A first 13D whose stake the market has not just seen bought: the acquirer's proxies under support
 * agreements of a merger already announced (MEDIUM: the deal is the news), a backer's holdings from
 * before the IPO or SPAC merger (MEDIUM: expected), or the holder's own group re-reporting the same
 * shares after an internal reorganisation (LOW).
 */
function originHit(s: StakeFacts): Hit | null {
  if (s.d?.stakeOrigin === 'deal-support')
    return {
      rule: '13d.deal-support',
      importance: 'MEDIUM',
      reason: `${s.filer} reports ${s.stake} through voting or support agreements signed with the company's merger agreement: the announced deal, not a purchase`,
    };
  if (s.d?.stakeOrigin === 'pre-listing')
    return {
      rule: '13d.pre-listing',
      importance: 'MEDIUM',
      reason: `${s.filer} reports ${s.stake}, held before the company listed (IPO or SPAC merger): a backer's expected first 13D`,
    };
  if (s.d?.stakeOrigin === 'plan-trustee')
    return {
      rule: '13d.plan-trustee',
      importance: 'LOW',
      reason: `${s.filer} reports ${s.stake} as a trustee of the company's employee stock plan: the shares are the employees', voted as they direct, not bought by the filer`,
    };
  if (s.d?.stakeOrigin === 'not-purchased')
    return {
      rule: '13d.not-purchased',
      importance: 'MEDIUM',
      reason: `${s.filer} reports ${s.stake}, not bought in the market: Item 3 says it came in a distribution, for services or as payment in a deal, not with the holder's own funds`,
    };
  if (s.d?.stakeOrigin === 'capital-call')
    return {
      rule: '13d.capital-call',
      importance: 'LOW',
      reason: `${s.filer} reports ${s.stake}, paid in on the fund's call for capital the holder committed before: a fund with no public market drawing on its investors, not a purchase in a market`,
    };
  if (s.d?.stakeOrigin === 'reorganization')
    return {
      rule: '13d.reorganization',
      importance: 'LOW',
      reason: `${s.filer} re-reports ${s.stake} after an internal reorganisation of the holder's group: no new holder, no new plans`,
    };
  return null;
}

/** Where the action is stated: Item 4, or the item its boilerplate denial points to (Time Warner on Atari 1994: Item 3). */
function actionItem(d: StakeFacts['d']): string {
  return `Item ${d?.purposeActionItem ?? 4}`;
}

function scheduleDHits(s: StakeFacts): Hit[] {
  const action = s.d?.purposeAction;
  const where = actionItem(s.d);
  const quoted = action ? `: "${action}"` : '';
  // An offer to buy the whole company is the news for every holder, on a first 13D or an amendment.
  // The holder's own merger agreement with the company is a buyout too (decision 343).
  const buyout = action != null && (BUYOUT_PROPOSAL.test(action) || HOLDER_MERGER.test(action));
  const origin = action ? null : originHit(s);
  if (!s.amendment && origin) return [origin];
  // Decision 352: Item 5(c) lists no purchase in the sixty days before a first 13D, so the 5% line was not crossed by
  // buying: the rubric's "a first 13D whose stake the market has not just seen bought" (MEDIUM), whatever the route.
  if (!s.amendment && !action && s.d?.noRecentTrades)
    return [
      {
        rule: '13d.no-recent-purchase',
        importance: 'MEDIUM',
        reason: `${s.filer} reports ${s.stake} on a first 13D but lists no transaction in the past sixty days (Item 5(c)): the stake was not just bought in the market`,
      },
    ];
  // Decision 373: the same cell read from the cover. The event that required the filing is months old, so the 5% line
  // was crossed long before this filing (a 13D is due within days of it): a stake held, not one just bought.
  if (!s.amendment && !action && s.eventAgeDays != null && s.eventAgeDays > STALE_EVENT_DAYS)
    return [
      {
        rule: '13d.no-recent-purchase',
        importance: 'MEDIUM',
        reason: `${s.filer} reports ${s.stake} on a first 13D for an event dated ${s.d?.eventDate}, ${s.eventAgeDays} days before the filing: the stake was not just bought in the market`,
      },
    ];
  // A first 13D below the line (Baker Bros. on vTv at 4.99%, a group's member filing with it) crossed nothing.
  const filedWith = s.pct != null && s.pct < 5 ? 'filed' : 'crossed 5% with';
  if (!s.amendment)
    return [
      action
        ? {
            rule: '13d.plans',
            importance: 'CRITICAL',
            reason: `${s.filer} ${filedWith} a 13D (${s.stake}) and states ${buyout ? 'an agreement or a proposal to acquire the company' : 'an action'} in ${where}${quoted}`,
          }
        : {
            rule: '13d.initial',
            importance: 'HIGH',
            reason: `${s.filer} ${filedWith} a first 13D: ${sentence(s.stake)} No plan is stated yet, but a 13D, unlike a passive 13G, leaves the holder free to seek change`,
          },
    ];
  // Decision 354: a trustee of the company's employee plan or trust reports the plan's shares on an amendment too.
  if (!action && !s.exit && s.d?.stakeOrigin === 'plan-trustee') {
    const trustee = originHit(s);
    if (trustee) return [trustee];
  }
  // Decision 354: the percentage moved only because the company issued shares: the holder did nothing.
  if (!action && !s.exit && s.d?.dilutionOnly)
    return [
      {
        rule: '13d.dilution-only',
        importance: 'LOW',
        reason: `${s.filer} filed a 13D amendment on ${s.company} only because the company issued shares: the holder's percentage fell and the holder traded nothing`,
      },
    ];
  // Decision 374: a holder that already owns more than half the class decides every vote before and after; an update
  // with no Item 4 action, no exit and no rise through half changes nothing a minority holder can act on. A tender
  // offer filed as the 13D/A is the holder buying from the public: not a quiet update.
  if (!action && !s.exit && !s.tenderOffer && s.pct != null && s.pct > 50 && (s.prev == null || s.prev > 50))
    return [
      {
        rule: '13d.control-update',
        importance: 'LOW',
        reason: `${s.filer} already controls ${s.company} (${percent(s.pct)}) and filed a 13D amendment with no new plans: who controls the company does not change`,
      },
    ];
  return [
    {
      rule: '13d.amendment',
      importance: 'MEDIUM',
      // Alone, the line says what the amendment updates; beside a plan, an exit or a crossing it is dropped.
      reason: `${s.filer} updated its 13D on ${s.company}${s.pct != null ? `: ${percent(s.pct)} now${s.prev != null && s.prev !== s.pct ? `, ${percent(s.prev)} in its previous filing` : ''}` : ''}, with no new plan in Item 4`,
    },
    ...(action && !s.exit
      ? [
          {
            rule: '13d.plans',
            importance: buyout ? ('CRITICAL' as const) : ('HIGH' as const),
            reason: `${where} states ${buyout ? (HOLDER_MERGER.test(action ?? '') ? "the holder's merger agreement to acquire the company" : 'a proposal to acquire the company') : 'an action'}${quoted}`,
          },
        ]
      : []),
  ];
}

function scheduleGHits(s: StakeFacts): Hit[] {
  const indexManager = INDEX_MANAGER.test(s.filer);
  const crossing = !s.amendment && !s.exit && (s.pct == null || s.pct >= 5) && !indexManager;
  // A crossing's own reason says "passive": the passive rule still counts, but its line would say the same again.
  const hits: Hit[] = s.exit
    ? []
    : [
        {
          rule: '13g.passive',
          importance: 'LOW',
          reason: crossing ? '' : `${s.filer} holds ${s.stake} as a passive investor`,
        },
      ];
  if (crossing)
    hits.push({
      rule: '13g.initial',
      importance: 'MEDIUM',
      reason: `${s.filer} crossed 5% of ${s.company}${s.pct != null ? ` (${percent(s.pct)})` : ''} with a first 13G, as a passive investor`,
    });
  if (!s.amendment && !indexManager && s.pct != null && s.pct >= T.passiveStakeMediumPct)
    hits.push({
      rule: '13g.large',
      importance: 'MEDIUM',
      reason: `At ${percent(s.pct)} of the class, a large stake even for a passive holder (${T.passiveStakeMediumPct}% or more)`,
    });
  if (s.amendment && s.pct != null && s.prev != null && Math.abs(s.pct - s.prev) >= T.passiveStakeChangePts && !s.exit)
    hits.push({
      rule: '13g.change',
      importance: 'MEDIUM',
      reason: `The stake moved from ${percent(s.prev)} to ${percent(s.pct)}`,
    });
  return hits;
}

/** A class other than the company's common equity: preferred or preference shares, notes, debentures, warrants. */
const OTHER_CLASS = /\b(?:preferred|preference|notes|debentures|warrants?)\b/i;
const COMMON_CLASS = /\b(?:common|ordinary)\b/i;

/**
 * A passive holder's 13G that is not news about the company's stock (docs/scoring.md, LOW: "filings about other
 * securities of the issuer"): the class reported is a preferred or preference issue or a debt security (Perry Corp
 * leaving Royal Bank of Scotland's "Non-cumulative Dollar Preference Shares, Series M-T"), or the company is a
 * blank-check company (SIC 6770), whose shares arbitrage funds hold in trust until a merger (Harraden Circle
 * leaving JVSPAC Acquisition Corp.).
 */
function passiveElsewhere(f: ParsedFiling, s: StakeFacts): Hit | null {
  if (s.is13D) return null;
  const title = s.d?.classTitle ?? '';
  if (OTHER_CLASS.test(title) && !COMMON_CLASS.test(title))
    return {
      rule: '13g.other-class',
      importance: 'LOW',
      reason: `${s.filer} reports on ${s.company}'s "${title.length > 90 ? `${title.slice(0, 87).replace(/\s+\S*$/, '')}...` : title}", not its common stock${s.exit ? ' (an exit from that class)' : ''}`,
    };
  if (f.company?.sic === '6770')
    return {
      rule: '13g.blank-check',
      importance: 'LOW',
      reason: `${s.company} is a blank-check company (SIC 6770): ${s.filer}'s ${s.exit ? 'exit' : 'stake'} is a trust-account position, not news about a business`,
    };
  return null;
}

/**
 * "X updated its 13D on Y" is the reason only when nothing else is said: beside an exit, a crossing or an Item 4
 * action it repeats the holder's name for no fact (the rule still counts).
 */
function withoutBareAmendment(hits: Hit[]): Hit[] {
  if (hits.length < 2) return hits;
  return hits.map((h) => (h.rule === '13d.amendment' ? { ...h, reason: '' } : h));
}

export function scoreBeneficial(f: ParsedFiling, company: string, context: ScoreContext): Scored {
  const s = stakeFacts(f, company, context);
  const elsewhere = passiveElsewhere(f, s);
  // An exit because the company was sold (its shares tendered into the offer for all shares, or converted in the
  // merger): the announced sale was the news, the holder's exit only follows it (decision 345).
  const soldOut = s.exit && (s.d?.exitBySale === true || s.d?.exitByMerger === true);
  const hits = elsewhere
    ? [elsewhere]
    : soldOut
      ? [
          {
            rule: 'stake.exit.sale',
            importance: 'LOW' as const,
            reason: `${s.filer} no longer owns more than 5% of ${s.company}${s.pct != null ? ` (now ${percent(s.pct)})` : ''}: the holder's shares went into the tender offer or merger that sells the company, announced before`,
          },
        ]
      : withoutBareAmendment([
          ...(s.is13D ? scheduleDHits(s) : scheduleGHits(s)),
          ...(s.exit ? [exitHit(s)] : crossingHit(s)),
        ]);
  const persons = readablePersons(s.d?.reportingPersons.map((p) => p.name) ?? []);
  const summary =
    sentence(`${f.formType} on ${company}: ${oneLinerOf(s)}`) +
    (persons.length > 1 ? ` ${sentence(`Reporting persons: ${personList(persons)}`)}` : '') +
    (s.d?.purposeAction ? ` ${actionItem(s.d)} says: "${s.d.purposeAction}"` : '');
  return { hits, oneLiner: oneLinerOf(s), summary };
}

/** A cover's caption read as a row ("Date of Transaction Amount of Securities ..."), not a person. */
const CAPTION = /\b(?:Date of|Amount of|Price Per|Number of|Names? of|I\.R\.S\.|Identification No)\b/i;

/**
 * The cover rows as a reader writes them: no trailing commas ("BARCLAYS GLOBAL INVESTORS, NA.,,"), capitals made
 * readable (a firm as its name, "Clarus Capital Group Management LP"; a person title-cased, "Ephraim Fields"), each once.
 */
function readablePersons(names: readonly string[]): string[] {
  const out = names.flatMap((raw) => {
    const name = raw.replace(/[\s,;]+$/, '').trim();
    if (!name || CAPTION.test(name)) return [];
    if (/[a-z]/.test(name)) return [name];
    return [isEntityName(name) ? readableCompanyName(name) : titleCaseName(name)];
  });
  return [...new Set(out)];
}

/** Semicolons between names, which carry commas of their own ("Glazer Capital, LLC; Paul J. Glazer"); six at most. */
function personList(persons: readonly string[]): string {
  const shown = persons.slice(0, 6).join('; ');
  return persons.length > 6 ? `${shown}; and ${persons.length - 6} more` : shown;
}
