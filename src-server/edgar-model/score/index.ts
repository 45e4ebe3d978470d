/** scoreFiling: pure rules over a ParsedFiling (+ context from stored filings) -> importance and text. */
import { itemShortLabel } from '#shared/form8k-items';
import { displayOwnerName } from '#shared/insider';
import { IMPORTANCE_RANK, type Importance } from '#shared/importance';
import { itemImportance, SCORING_THRESHOLDS as T } from '#shared/scoring-rules';
import { form4BusinessDaysLate, lateLabel } from '#shared/deadlines';
import type { ParsedFiling } from '../parse/types';
import { money, percent, plural } from './format';
import { amendmentChange } from './amendment';
import { scoreOwnership } from './ownership';
import type { Hit, InsiderData, Score, ScoreContext } from './types';

export type { Score, ScoreContext } from './types';

interface Scored {
  hits: Hit[];
  oneLiner: string;
  summary?: string;
  insiderData?: InsiderData | null;
  trades?: Score['trades'];
}

function scoreCurrent(f: ParsedFiling, company: string): Scored {
  if (f.detail?.kind !== 'current') return { hits: [{ rule: '8k.no-items', importance: 'LOW', reason: 'No item could be read' }], oneLiner: `${company} filed ${f.formType}` };
  const { items, subject, eventDate } = f.detail;
  if (f.formType.startsWith('6-K')) {
    // A "trading update" is how UK/European issuers title a period's results statement (Waldencast's Q2 2026 6-K).
    const results = /\b(results|earnings|trading update)\b/i.test(subject ?? '');
    const hits: Hit[] = [{ rule: '6k.report', importance: 'LOW', reason: 'Report of a foreign private issuer' }];
    if (results) hits.push({ rule: '6k.results', importance: 'MEDIUM', reason: 'It announces financial results' });
    return { hits, oneLiner: subject ? `${company}: ${subject}` : `${company} furnished a 6-K report${eventDate ? ` dated ${eventDate}` : ''}` };
  }
  if (items.length === 0) return { hits: [{ rule: '8k.no-items', importance: 'LOW', reason: 'No item could be read from the filing' }], oneLiner: `${company} filed ${f.formType}` };
  const hits: Hit[] = items.map(({ number, title }) => {
    const importance = itemImportance(number);
    return { rule: importance === 'LOW' ? '8k.item.other' : `8k.item.${number}`, importance, reason: `Item ${number}: ${title}` };
  });
  const top = [...items].sort((a, b) => IMPORTANCE_RANK[itemImportance(b.number)] - IMPORTANCE_RANK[itemImportance(a.number)])[0]!;
  const rest = items.length - 1;
  const oneLiner = `${company}: ${itemShortLabel(top.number)}${rest > 0 ? ` (+${plural(rest, 'more item')})` : ''}`;
  const summary = `${company} filed a ${f.formType}${eventDate ? ` for an event on ${eventDate}` : ''} reporting ${items.map((i) => `Item ${i.number} (${i.title})`).join('; ')}.`;
  return { hits, oneLiner, summary };
}

function scorePeriodic(f: ParsedFiling, company: string): Scored {
  const d = f.detail?.kind === 'periodic' ? f.detail : null;
  const base = f.formType.replace(/^NT /, '').replace(/\/A$/, '');
  const period = d?.periodOfReport ? ` for the period ended ${d.periodOfReport}` : '';
  const fy = d?.fiscalYear ? ` (fiscal ${d.fiscalYear}${d.fiscalPeriod && d.fiscalPeriod !== 'FY' ? ` ${d.fiscalPeriod}` : ''})` : '';
  if (d?.isLateNotice) {
    return { hits: [{ rule: 'periodic.late', importance: 'HIGH', reason: `${company} says it cannot file its ${base} on time` }], oneLiner: `${company} will file its ${base} late${period}` };
  }
  const kind = /10-Q/.test(base) ? 'Quarterly report' : 'Annual report';
  if (f.isAmendment) return { hits: [{ rule: 'periodic.amendment', importance: 'LOW', reason: `Amended ${kind.toLowerCase()}` }], oneLiner: `${company} amended its ${base}${period}` };
  return { hits: [{ rule: 'periodic.report', importance: 'MEDIUM', reason: `${kind} (${base})${fy}` }], oneLiner: `${company} ${kind.toLowerCase()} (${base})${period}${fy}` };
}

function scoreBeneficial(f: ParsedFiling, company: string, context: ScoreContext): Scored {
  const d = f.detail?.kind === 'beneficial' ? f.detail : null;
  const filer = d?.filer.name ?? f.filer?.name ?? 'A holder';
  const pct = d?.percentOfClass ?? null;
  const stake = pct != null ? `${percent(pct)} of ${company}` : `a stake in ${company}`;
  const prev = context.previousPercent ?? (context.original?.detail?.kind === 'beneficial' ? context.original.detail.percentOfClass : null);
  const was = prev != null && pct != null && prev !== pct ? ` (was ${percent(prev)})` : '';
  const persons = d && d.reportingPersons.length > 1 ? ` (${plural(d.reportingPersons.length, 'reporting person')})` : '';
  const oneLiner = `${filer} reports ${stake}${was}${persons}`;
  const crossed = pct != null && prev != null ? T.stakeCrossingsPct.find((x) => (prev < x) !== (pct < x)) : undefined;
  const crossing: Hit[] =
    crossed != null ? [{ rule: 'stake.crossing', importance: 'HIGH', reason: `The stake ${pct! >= crossed ? 'rose above' : 'fell below'} ${crossed}% (${percent(prev!)} -> ${percent(pct!)})` }] : [];
  if (d?.schedule === '13D' || /13D/.test(f.formType)) {
    return f.isAmendment
      ? { hits: [{ rule: '13d.amendment', importance: 'MEDIUM', reason: `${filer} updated its 13D on ${company}` }, ...crossing], oneLiner }
      : { hits: [{ rule: '13d.initial', importance: 'HIGH', reason: `${filer} filed a 13D: ${stake}, with intent to influence possible` }], oneLiner };
  }
  const hits: Hit[] = [{ rule: '13g.passive', importance: 'LOW', reason: `${filer} holds ${stake} as a passive investor` }];
  if (pct != null && pct >= T.passiveStakeMediumPct) hits.push({ rule: '13g.large', importance: 'MEDIUM', reason: `The stake is ${percent(pct)} of the class` });
  if (pct != null && prev != null && (Math.abs(pct - prev) >= T.passiveStakeChangePts || (prev >= 5 && pct < 5))) {
    hits.push({ rule: '13g.change', importance: 'MEDIUM', reason: `The stake moved from ${percent(prev)} to ${percent(pct)}` });
  }
  hits.push(...crossing);
  return { hits, oneLiner };
}

function scoreOther(f: ParsedFiling, company: string): Scored {
  const d = f.detail;
  if (d?.kind === 'sale_notice') {
    const what = `${d.shares != null ? `${d.shares.toLocaleString('en-US')} shares` : 'shares'}${d.marketValue != null ? ` (${money(d.marketValue)})` : ''}`;
    return {
      hits: [{ rule: 'form144.notice', importance: 'LOW', reason: `Notice of a proposed sale by ${d.personName ?? 'an insider'} (Form 144)` }],
      oneLiner: `${d.personName ?? 'An insider'} plans to sell ${what} of ${company}${d.approxSaleDate ? ` around ${d.approxSaleDate}` : ''}`,
    };
  }
  if (f.family === 'sale_notice') {
    // A Form 144 whose document could not be read (header only) is still a notice of a proposed sale.
    const seller = f.filer?.name ? displayOwnerName(f.filer.name) : null;
    return {
      hits: [{ rule: 'form144.notice', importance: 'LOW', reason: `Notice of a proposed sale by ${seller ?? 'an insider'} (Form 144; amounts not available)` }],
      oneLiner: `${seller ?? 'An insider'} filed a notice of a proposed sale of ${company} shares (Form 144)`,
    };
  }
  if (d?.kind === 'holdings') {
    // 13F values were in thousands of dollars until filings from 2023-01-03 on (Q4 2022 reports).
    const inThousands = f.filedDate ? f.filedDate < '2023-01-03' : (d.periodOfReport ?? '9999') < '2022-12-31';
    const value = d.totalValue != null ? d.totalValue * (inThousands ? 1000 : 1) : null;
    const what = `${d.holdingsCount != null ? plural(d.holdingsCount, 'holding') : 'holdings'}${value != null ? ` worth ${money(value)}` : ''}`;
    return { hits: [{ rule: '13f.holdings', importance: 'LOW', reason: 'Quarterly institutional holdings report' }], oneLiner: `${d.manager.name ?? company} reports ${what}${d.periodOfReport ? ` as of ${d.periodOfReport}` : ''}` };
  }
  if (d?.kind === 'proxy') {
    const when = d.meetingDate ? ` on ${d.meetingDate}` : '';
    if (/DEFC14A/.test(f.formType)) return { hits: [{ rule: 'proxy.contest', importance: 'HIGH', reason: 'Contested proxy: a fight for board seats' }], oneLiner: `${company}: contested proxy${when}` };
    const special = d.meetingType === 'special' || d.meetingType === 'annual_and_special' || /DEFM14A/.test(f.formType);
    const label = d.meetingType === 'annual_and_special' ? 'annual and special meeting' : special ? 'special meeting' : 'annual meeting';
    return special
      ? { hits: [{ rule: 'proxy.special', importance: 'MEDIUM', reason: /DEFM14A/.test(f.formType) ? 'Proxy for a merger vote' : 'Proxy for a special meeting' }], oneLiner: `${company}: proxy for a ${label}${when}` }
      : { hits: [{ rule: 'proxy.annual', importance: 'LOW', reason: 'Proxy for the annual meeting' }], oneLiner: `${company}: proxy for the ${label}${when}` };
  }
  if (d?.kind === 'offering') {
    const amount = d.offeringAmount != null ? money(d.offeringAmount) : null;
    if (/^D(\/A)?$/.test(f.formType)) {
      const size = amount ? ` of ${amount}` : d.offeringAmountText ? ` (amount ${d.offeringAmountText.toLowerCase()})` : '';
      return { hits: [{ rule: 'offering.form-d', importance: 'LOW', reason: 'Private placement notice (Form D)' }], oneLiner: `${d.issuerName ?? company} reports a private offering${size}${d.amountSold ? ` (${money(d.amountSold)} sold)` : ''}` };
    }
    const hit: Hit = f.isAmendment
      ? { rule: 'offering.amendment', importance: 'LOW', reason: `Amended registration statement (${f.formType})` }
      : { rule: 'offering.registration', importance: 'MEDIUM', reason: `New offering registered or priced (${f.formType})` };
    return { hits: [hit], oneLiner: `${company} files ${f.formType}${amount ? ` for ${amount}` : ''}` };
  }
  return { hits: [{ rule: 'other', importance: 'LOW', reason: `${f.formType} filing (header data only)` }], oneLiner: `${company} filed ${f.formType}` };
}

/** Deadline watch: a Form 4 filed after the second business day following its earliest trade. */
function lateForm4Hit(f: ParsedFiling): Hit | null {
  if (f.detail?.kind !== 'ownership' || !/^4(\/A)?$/.test(f.formType) || f.isAmendment) return null;
  const filed = f.filedDate ?? f.acceptedAt?.slice(0, 10);
  const first = f.detail.rows.filter((r) => !r.isHolding && r.transactionDate).map((r) => r.transactionDate!).sort()[0];
  if (!filed || !first) return null;
  const days = form4BusinessDaysLate(first, filed);
  const label = lateLabel(days);
  if (!label) return null;
  return { rule: days >= 5 ? 'form4.very-late' : 'form4.late', importance: days >= 5 ? 'MEDIUM' : 'LOW', reason: `Form 4 ${label} (trade ${first}, due two business days after)` };
}

function byImportance(a: Hit, b: Hit): number {
  return IMPORTANCE_RANK[b.importance] - IMPORTANCE_RANK[a.importance];
}

export function scoreFiling(f: ParsedFiling, context: ScoreContext = {}): Score {
  const company = f.company?.name ?? (f.company?.cik ? `CIK ${f.company.cik}` : 'The company');
  let scored: Scored;
  if (f.detail?.kind === 'ownership') {
    const s = scoreOwnership(f.formType, f.detail, company, context, f.incomplete.length > 0);
    scored = { hits: s.hits, oneLiner: s.oneLiner, summary: s.summary, insiderData: s.insiderData, trades: s.trades };
  } else if (f.family === 'ownership') {
    const name = f.filer?.name ?? 'An insider';
    scored = {
      hits: [{ rule: 'form4.no-rows', importance: 'LOW', reason: 'No transaction could be itemised' }],
      oneLiner: `${name} filed Form ${f.formType} (transactions not itemised)`,
      insiderData: { executiveName: name, executiveTitle: null, insiderCik: f.filer?.cik != null ? String(f.filer.cik) : null, isDisposition: null, sharesTraded: null, transactionCode: null, incompleteData: true },
    };
  } else if (f.family === 'current') scored = scoreCurrent(f, company);
  else if (f.family === 'periodic') scored = scorePeriodic(f, company);
  else if (f.family === 'beneficial') scored = scoreBeneficial(f, company, context);
  else scored = scoreOther(f, company);

  // Amendments: what changed against the original, in one line; nothing material is LOW.
  const amendment = f.isAmendment && context.original ? amendmentChange(context.original, f.detail) : null;
  if (amendment) {
    scored.oneLiner = `${scored.oneLiner} (${amendment.line})`;
    scored.hits = amendment.material
      ? [...scored.hits, { rule: 'amendment.changes', importance: 'LOW', reason: amendment.line }]
      : [{ rule: 'amendment.immaterial', importance: 'LOW', reason: amendment.line }];
    if (scored.summary) scored.summary = `${scored.summary} ${amendment.line}.`;
  }
  const late = lateForm4Hit(f);
  const hits = [...scored.hits, ...(late ? [late] : [])].sort(byImportance);
  const importance: Importance = hits[0]?.importance ?? 'LOW';
  const reasons = hits.map((h) => h.reason);
  return {
    importance,
    reasons,
    rules: [...new Set(hits.map((h) => h.rule))],
    oneLiner: scored.oneLiner,
    summaryText: scored.summary ?? `${scored.oneLiner}. ${importance} because: ${reasons.join('; ')}.`,
    insiderData: scored.insiderData ?? null,
    ...(scored.trades ? { trades: scored.trades } : {}),
    ...(amendment ? { amendment } : {}),
  };
}
