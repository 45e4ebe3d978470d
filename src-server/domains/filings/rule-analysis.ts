/**
 * The rule-based analysis PRO users see when no language model is configured (and when a model's
 * text fails the fact checker): what happened (the stored summary; for an 8-K the deciding item's
 * own first sentences, quoted), why this level (the content facts that decided it, as stored) and
 * what to watch (only follow-ups the filing's own facts make specific: an 8-K's content, a report's
 * going-concern doubt and changes, a 13D/G's cover, a Form 4's owners and plan box; nothing generic).
 * No I/O.
 */
import type { ReportDiff } from '#shared/report-diff';
import { splitReasons } from '#shared/reason-notes';
import { currentWatch } from '../../edgar-model/score/current-watch';
import { reportWatch } from '../../edgar-model/score/report-watch';
export interface RuleAnalysis {
  whatHappened: string;
  whyThisLevel: string[];
  whatToWatch: string[];
}

const ITEM_WATCH: Record<string, string> = {
  '1.01': 'The agreement itself (often an exhibit under Item 9.01) and any later termination (Item 1.02).',
  '1.03': 'Court filings in the case and any delisting notice (Item 3.01).',
  '1.05': 'An amended 8-K describing the incident’s impact once the company knows it.',
  '2.01': 'Pro forma financial statements, often filed later in an amended 8-K.',
  '2.02': 'The full quarterly or annual report (10-Q or 10-K) that usually follows a results release.',
  '2.05': 'The size of the charges in the next 10-Q or 10-K.',
  '2.06': 'The impairment’s effect on earnings in the next periodic report.',
  '3.01': 'Whether the company regains compliance or the exchange moves to delist.',
  '4.01': 'The former auditor’s letter (Exhibit 16.1) on any disagreements.',
  '4.02': 'The restated financial statements in an amended 10-K or 10-Q.',
  '5.01': 'Follow-up filings by the new controlling holder (Schedule 13D).',
  '5.02': 'Who fills the role and on what terms; compensation details may follow in an amended 8-K.',
  '5.07': 'How the votes went, and any proposal that failed.',
};

export function ruleAnalysis(filing: {
  formType: string;
  importance: string;
  reasons: string[];
  oneLiner: string;
  summaryText: string | null;
  items: string[] | null;
  details?: unknown;
  /** A 10-K or 10-Q's change since its comparable report, when one was computed. */
  reportDiff?: ReportDiff | null;
}): RuleAnalysis {
  const form = filing.formType.toUpperCase();
  const watch: string[] = [];
  // An 8-K read by content: only what its own facts make specific (issue #25), else nothing at all.
  const specific = currentWatch(filing.details);
  if (specific) return { whatHappened: whatHappened(filing), whyThisLevel: why(filing), whatToWatch: specific };
  for (const item of filing.items ?? []) if (ITEM_WATCH[item]) watch.push(ITEM_WATCH[item]!);
  if (/^[345](\/A)?$/.test(form)) watch.push(insiderWatch(filing.details));
  if (/13[DG]/.test(form)) {
    // A holder that has left the register leaves nothing of its own to follow.
    const stake = stakeWatch(form, filing.details);
    if (stake) watch.push(stake);
  }
  if (/^(NT )?10-[QK]/.test(form)) watch.push(...reportWatch(form, filing.details, filing.reportDiff));
  return { whatHappened: whatHappened(filing), whyThisLevel: why(filing), whatToWatch: watch };
}

/**
 * A Form 3, 4 or 5's follow-up, named for its reporting owners; what a Rule 10b5-1 plan would change
 * is said from the form's own checkbox (ticked: the plan's series; else: whether later trades use one).
 */
function insiderWatch(details: unknown): string {
  const d = details as { kind?: string; owners?: { displayName?: string }[]; aff10b5One?: boolean | null };
  const names = d?.kind === 'ownership' ? (d.owners ?? []).flatMap((o) => (o.displayName ? [o.displayName] : [])) : [];
  const who =
    names.length === 0
      ? 'the same insider'
      : names.length <= 2
        ? names.join(' and ')
        : `${names[0]} and the other reporting owners`;
  return d?.aff10b5One === true
    ? `Further Form 4s from ${who}: this trade was made under a Rule 10b5-1 plan, so a change to the plan or a trade outside it would be the news.`
    : `Further Form 4s from ${who}, and whether later trades are made under a Rule 10b5-1 plan.`;
}

/**
 * A 13D or 13G's follow-up from its own cover: an active holder's next Item 4 and purchases, a
 * passive one's amendments and any switch to a 13D; null for an exit (the holder ceased to own more
 * than 5%: there is nothing of this holder's to watch).
 */
function stakeWatch(form: string, details: unknown): string | null {
  const d = details as {
    kind?: string;
    ceasedFivePercent?: boolean;
    percentOfClass?: number | null;
    schedule?: string;
  };
  const beneficial = d?.kind === 'beneficial' ? d : null;
  if (beneficial?.ceasedFivePercent || (beneficial?.percentOfClass != null && beneficial.percentOfClass < 5))
    return null;
  return beneficial?.schedule === '13D' || /13D/.test(form)
    ? 'Amendments to Item 4 (the holder’s plans: a letter, board nominations, a proposal to buy the company) and further purchases.'
    : 'Amendments that change the stake; a switch from this 13G to a 13D would signal an intent to influence the company.';
}

function whatHappened(filing: { summaryText: string | null; oneLiner: string }): string {
  return filing.summaryText?.trim() || filing.oneLiner;
}

/** The reasons for the level; a caveat among them (reason-notes.ts) is not one. */
function why(filing: { reasons: string[]; importance: string }): string[] {
  const { reasons } = splitReasons(filing.reasons);
  return reasons.length ? reasons : [`Rated ${filing.importance} by our rules.`];
}

/** The three parts as one text (stored and rated like a model's summary). */
export function ruleAnalysisText(a: RuleAnalysis, importance: string): string {
  return [
    `What happened: ${a.whatHappened}`,
    `Why ${importance}: ${a.whyThisLevel.join('; ')}`,
    ...(a.whatToWatch.length ? [`What to watch: ${a.whatToWatch.join(' ')}`] : []),
  ].join('\n');
}
