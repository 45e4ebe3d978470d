/** scoreFiling: pure rules over a ParsedFiling (+ context from stored filings) -> importance and text. */
import { displayOwnerName } from '#shared/insider';
import { IMPORTANCE_RANK, type Importance } from '#shared/importance';
import { SCORING_THRESHOLDS as T } from '#shared/scoring-rules';
import type { ParsedFiling } from '../parse/types';
import { money, plural } from './format';
import { amendmentChange } from './amendment';
import { scoreBeneficial } from './beneficial';
import {
  companyDisplayName,
  companyEvent,
  isOnlyCompanyName,
  readableCompanyName,
  unnamedCompany,
} from '../company-name';
import { currentReportText } from './current-text';
import { judgeItem, judgeItems } from './current';
import { topicsIn } from '../parse/current-content';
import { scoreOwnership } from './ownership';
import { reportChangeHits } from './report-change';
import type { Hit, InsiderData, Score, ScoreContext } from './types';

export type { Score, ScoreContext } from './types';

interface Scored {
  hits: Hit[];
  /** Rules that decided without a hit of their own (the 8-K content rules). */
  extraRules?: string[];
  oneLiner: string;
  summary?: string;
  insiderData?: InsiderData | null;
  trades?: Score['trades'];
}

/** 6-K headlines that forward a routine report (UK and European issuers' regulatory announcements). */
const SIX_K_ROUTINE =
  /\btransactions? in own shares\b|\btotal voting rights\b|\bvoting rights and capital\b|\bholding\(?s\)? in company\b|\bmajor holdings?\b|\bPDMR\b|\bdirector(?:s['’]?)? (?:shareholding|dealing)s?\b|\bnotice of (?:the )?(?:annual|extraordinary|special|general)\b|\b(?:annual|extraordinary) general meeting\b|\bblock listing\b|\bform 20-F\b|\bannual report\b|\bresult of (?:the )?(?:AGM|annual general meeting)\b/i;

function scoreCurrent(f: ParsedFiling, company: string, context: ScoreContext): Scored {
  if (f.detail?.kind !== 'current')
    return {
      hits: [{ rule: '8k.no-items', importance: 'LOW', reason: 'No item could be read' }],
      oneLiner: `${company} filed ${f.formType}`,
    };
  const { items, subject, eventDate } = f.detail;
  if (f.formType.startsWith('6-K')) {
    // A "trading update" is how UK/European issuers title a period's results statement (Waldencast's Q2 2026 6-K).
    const results = /\b(results|earnings|trading update)\b/i.test(subject ?? '');
    const hits: Hit[] = [{ rule: '6k.report', importance: 'LOW', reason: 'Report of a foreign private issuer' }];
    if (results) hits.push({ rule: '6k.results', importance: 'MEDIUM', reason: 'It announces financial results' });
    else if (subject) {
      // A 6-K that furnishes a press release is read as an 8-K's Other Events would be (docs/scoring.md, "A 6-K is
      // read the same way by its content"): its headline's news is MEDIUM, a material topic ranks higher, and only a
      // forwarded routine report (a meeting notice, a buyback's daily transactions, voting rights) stays LOW.
      // "Press release dated May 2, 2024" is the exhibit index's description, not a headline: nothing to read.
      const j =
        SIX_K_ROUTINE.test(subject) || /^(?:press|news) release (?:dated|issued|of)\b/i.test(subject)
          ? null
          : judgeItem('8.01', { number: '8.01', quote: subject, topics: topicsIn(subject) }, context, subject);
      if (j && j.rule !== '8k.topic.routine' && j.rule !== '8k.deal.routine')
        hits.push({
          rule: '6k.news',
          importance: j.importance,
          reason: `The press release "${subject}": ${j.facts.join('; ').replace(/^Other news: nothing on the material list$/, 'news, nothing on the material list')}`,
        });
    }
    return {
      hits,
      oneLiner:
        subject && !isOnlyCompanyName(subject, company)
          ? companyEvent(company, subject)
          : `${company} furnished a 6-K report${eventDate ? ` dated ${eventDate}` : ''}`,
    };
  }
  if (items.length === 0)
    return {
      hits: [{ rule: '8k.no-items', importance: 'LOW', reason: 'No item could be read from the filing' }],
      oneLiner: `${company} filed ${f.formType}`,
    };
  return currentReportText(f, company, judgeItems(f, context));
}

function scorePeriodic(f: ParsedFiling, company: string, context: ScoreContext): Scored {
  const d = f.detail?.kind === 'periodic' ? f.detail : null;
  const base = f.formType.replace(/^NT /, '').replace(/\/A$/, '');
  const period = d?.periodOfReport ? ` for the period ended ${d.periodOfReport}` : '';
  const fy = d?.fiscalYear
    ? ` (fiscal ${d.fiscalYear}${d.fiscalPeriod && d.fiscalPeriod !== 'FY' ? ` ${d.fiscalPeriod}` : ''})`
    : '';
  if (d?.isLateNotice) {
    return {
      hits: [
        { rule: 'periodic.late', importance: 'HIGH', reason: `${company} says it cannot file its ${base} on time` },
      ],
      oneLiner: `${company} will file its ${base} late${period}`,
    };
  }
  const kind = /10-Q/.test(base) ? 'Quarterly report' : 'Annual report';
  // An asset-backed issuer (SIC 6189: an auto-loan or card trust) reports on pools behind its notes, not a business.
  if (f.company?.sic === '6189' || /^ASSET-BACKED/i.test(f.company?.sicDescription ?? ''))
    return {
      hits: [
        {
          rule: 'periodic.asset-backed',
          importance: 'LOW',
          reason: `${kind} of an asset-backed issuer (${base}): about the trust's notes, not a company's stock`,
        },
      ],
      oneLiner: `${company} ${kind.toLowerCase()} (${base})${period}`,
    };
  if (f.isAmendment)
    return {
      hits: [{ rule: 'periodic.amendment', importance: 'LOW', reason: `Amended ${kind.toLowerCase()}` }],
      oneLiner: `${company} amended its ${base}${period}`,
    };
  return {
    hits: [
      // The report concludes there is going-concern doubt: the company's survival is in question (decision 342).
      ...(d?.goingConcern
        ? [
            {
              rule: 'periodic.going-concern',
              importance: 'HIGH' as const,
              reason: "The report states substantial doubt about the company's ability to continue as a going concern",
            },
          ]
        : []),
      { rule: 'periodic.report', importance: 'MEDIUM', reason: `${kind} (${base})${fy}` },
      ...reportChangeHits(context.reportChange, base),
    ],
    oneLiner: `${company} ${kind.toLowerCase()} (${base})${period}${fy}`,
  };
}

function scoreOther(f: ParsedFiling, company: string): Scored {
  const d = f.detail;
  if (d?.kind === 'sale_notice') {
    const what = `${d.shares != null ? `${d.shares.toLocaleString('en-US')} shares` : 'shares'}${d.marketValue != null ? ` (${money(d.marketValue)})` : ''}`;
    return {
      hits: [
        {
          rule: 'form144.notice',
          importance: 'LOW',
          reason: `Notice of a proposed sale by ${d.personName ?? 'an insider'} (Form 144)`,
        },
      ],
      oneLiner: `${d.personName ?? 'An insider'} plans to sell ${what} of ${company}${d.approxSaleDate ? ` around ${d.approxSaleDate}` : ''}`,
    };
  }
  if (f.family === 'sale_notice') {
    // A Form 144 whose document could not be read (header only) is still a notice of a proposed sale.
    const seller = f.filer?.name ? displayOwnerName(f.filer.name) : null;
    return {
      hits: [
        {
          rule: 'form144.notice',
          importance: 'LOW',
          reason: `Notice of a proposed sale by ${seller ?? 'an insider'} (Form 144; amounts not available)`,
        },
      ],
      oneLiner: `${seller ?? 'An insider'} filed a notice of a proposed sale of ${company} shares (Form 144)`,
    };
  }
  if (d?.kind === 'holdings') {
    // 13F values were in thousands of dollars until filings from 2023-01-03 on (Q4 2022 reports).
    const inThousands = f.filedDate ? f.filedDate < '2023-01-03' : (d.periodOfReport ?? '9999') < '2022-12-31';
    const value = d.totalValue != null ? d.totalValue * (inThousands ? 1000 : 1) : null;
    const what = `${d.holdingsCount != null ? plural(d.holdingsCount, 'holding') : 'holdings'}${value != null ? ` worth ${money(value)}` : ''}`;
    return {
      hits: [{ rule: '13f.holdings', importance: 'LOW', reason: 'Quarterly institutional holdings report' }],
      oneLiner: `${d.manager.name ? readableCompanyName(d.manager.name) : company} reports ${what}${d.periodOfReport ? ` as of ${d.periodOfReport}` : ''}`,
    };
  }
  if (d?.kind === 'proxy') {
    const when = d.meetingDate ? ` on ${d.meetingDate}` : '';
    if (/DEFC14A/.test(f.formType))
      return {
        hits: [{ rule: 'proxy.contest', importance: 'HIGH', reason: 'Contested proxy: a fight for board seats' }],
        oneLiner: `${company}: contested proxy${when}`,
      };
    const special = d.meetingType === 'special' || d.meetingType === 'annual_and_special' || /DEFM14A/.test(f.formType);
    const label =
      d.meetingType === 'annual_and_special'
        ? 'annual and special meeting'
        : special
          ? 'special meeting'
          : 'annual meeting';
    // A reverse split asked of holders (docs/scoring.md "Other forms": DEF 14A MEDIUM when it asks for one).
    const split: Hit[] = d.reverseSplit
      ? [
          {
            rule: 'proxy.reverse-split',
            importance: 'MEDIUM',
            reason: 'Holders are asked to approve a reverse stock split',
          },
        ]
      : [];
    return special
      ? {
          hits: [
            {
              rule: 'proxy.special',
              importance: 'MEDIUM',
              reason: /DEFM14A/.test(f.formType) ? 'Proxy for a merger vote' : 'Proxy for a special meeting',
            },
            ...split,
          ],
          oneLiner: `${company}: proxy for a ${label}${when}`,
        }
      : {
          hits: [{ rule: 'proxy.annual', importance: 'LOW', reason: 'Proxy for the annual meeting' }, ...split],
          oneLiner: `${company}: proxy for the ${label}${when}`,
        };
  }
  if (d?.kind === 'offering') {
    const amount = d.offeringAmount != null ? money(d.offeringAmount) : null;
    if (/^D(\/A)?$/.test(f.formType)) {
      const size = amount
        ? ` of ${amount}`
        : d.offeringAmountText
          ? ` (amount ${d.offeringAmountText.toLowerCase()})`
          : '';
      return {
        hits: [{ rule: 'offering.form-d', importance: 'LOW', reason: 'Private placement notice (Form D)' }],
        // The issuer as the form types it, its capitals made readable ("INVESTURE OPPORTUNITY FUND, LP").
        oneLiner: `${d.issuerName ? companyDisplayName(d.issuerName, () => null) : company} reports a private offering${size}${d.amountSold ? ` (${money(d.amountSold)} sold)` : ''}`,
      };
    }
    // An offering of a fifth of the shares already out or more is large against the company (decision 345).
    if (d.dilution != null && d.dilution * 100 >= T.dilutiveOfferingPct && !f.isAmendment && !d.purpose) {
      const pct = Math.round(d.dilution * 1000) / 10;
      return {
        hits: [
          {
            rule: 'offering.dilutive',
            importance: 'HIGH',
            reason: `The ${f.formType} sells new shares equal to ${pct}% of the shares outstanding before the offering: large dilution for holders`,
          },
        ],
        oneLiner: `${company} sells new shares equal to ${pct}% of its outstanding stock${amount ? ` for ${amount}` : ''}`,
      };
    }
    if (d.equity) {
      // A program's cap is its cover's "Up to $X"; an offering's amount is often left blank or per share.
      const atm = d.equity === 'at_the_market' ? amount : null;
      const how =
        d.equity === 'at_the_market'
          ? 'sells new common stock from time to time (an at-the-market program)'
          : 'sells new shares of its common stock';
      return {
        hits: [
          {
            rule: 'offering.supplement',
            importance: 'MEDIUM',
            reason: `The prospectus supplement (${f.formType}) ${how}${atm ? `, up to ${atm}` : ''}: it dilutes holders`,
          },
        ],
        oneLiner: `${company} ${how}${atm ? ` (up to ${atm})` : ''}`,
      };
    }
    const hit: Hit = f.isAmendment
      ? { rule: 'offering.amendment', importance: 'LOW', reason: `Amended registration statement (${f.formType})` }
      : d.purpose === 'resale'
        ? {
            rule: 'offering.resale',
            importance: 'LOW',
            reason: `Registers shares for selling holders to resell (${f.formType}): the company receives none of the proceeds`,
          }
        : d.purpose === 'blank_check'
          ? {
              rule: 'offering.blank-check',
              importance: 'LOW',
              reason: `A blank-check company (SPAC) registers its IPO (${f.formType}): no operating business yet`,
            }
          : {
              rule: 'offering.registration',
              importance: 'MEDIUM',
              reason: `New offering registered or priced (${f.formType})`,
            };
    return { hits: [hit], oneLiner: `${company} files ${f.formType}${amount ? ` for ${amount}` : ''}` };
  }
  // The SEC staff's review letters (UPLOAD) and the company's answers (CORRESP), published after a review closes:
  // the card says who wrote to whom, not "Apple Inc. filed UPLOAD". Still the header alone: no event to weigh.
  const letter = SEC_LETTERS[f.formType.toUpperCase()];
  return {
    hits: [{ rule: 'other', importance: 'LOW', reason: letter?.reason ?? `${f.formType} filing (header data only)` }],
    oneLiner: letter ? letter.oneLiner(company) : `${company} filed ${f.formType}`,
  };
}

const SEC_LETTERS: Record<string, { oneLiner: (company: string) => string; reason: string }> = {
  UPLOAD: {
    oneLiner: (company) => `SEC staff letter to ${company}`,
    reason: 'A letter from the SEC staff (a review comment or its close), published after the review: no event',
  },
  CORRESP: {
    oneLiner: (company) => `${company} writes to the SEC staff`,
    reason:
      'A letter to the SEC staff (an answer to review comments, or a request such as a registration taking effect), published after the review: no event',
  },
};

function byImportance(a: Hit, b: Hit): number {
  return IMPORTANCE_RANK[b.importance] - IMPORTANCE_RANK[a.importance];
}

export function scoreFiling(f: ParsedFiling, context: ScoreContext = {}): Score {
  // As the filing writes it ("Apple Inc."), not EDGAR's capitals ("APPLE INC"); a stored parse from before the
  // display name was read gets the careful readable form of the conformed name.
  const company =
    f.company?.displayName ?? (f.company?.name ? readableCompanyName(f.company.name) : unnamedCompany(f.company?.cik));
  let scored: Scored;
  if (f.detail?.kind === 'ownership') {
    const s = scoreOwnership(f, f.detail, company, context);
    scored = { hits: s.hits, oneLiner: s.oneLiner, summary: s.summary, insiderData: s.insiderData, trades: s.trades };
  } else if (f.family === 'ownership') {
    const name = f.filer?.name ?? 'An insider';
    scored = {
      hits: [{ rule: 'form4.no-rows', importance: 'LOW', reason: 'No transaction could be itemised' }],
      oneLiner: `${name} filed Form ${f.formType} (transactions not itemised)`,
      insiderData: {
        executiveName: name,
        executiveTitle: null,
        insiderCik: f.filer?.cik != null ? String(f.filer.cik) : null,
        isDisposition: null,
        sharesTraded: null,
        transactionCode: null,
        incompleteData: true,
      },
    };
  } else if (f.family === 'current') scored = scoreCurrent(f, company, context);
  else if (f.family === 'periodic') scored = scorePeriodic(f, company, context);
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
  const hits = [...scored.hits].sort(byImportance);
  const importance: Importance = hits[0]?.importance ?? 'LOW';
  const reasons = hits.map((h) => h.reason).filter(Boolean);
  return {
    importance,
    reasons,
    rules: [...new Set([...hits.map((h) => h.rule), ...(scored.extraRules ?? [])])],
    oneLiner: scored.oneLiner,
    // No summary of its own: the one-liner (a "LEVEL because: reasons" line only repeated the card's title and reasons).
    summaryText: scored.summary ?? scored.oneLiner,
    insiderData: scored.insiderData ?? null,
    ...(scored.trades ? { trades: scored.trades } : {}),
    ...(amendment ? { amendment } : {}),
  };
}
