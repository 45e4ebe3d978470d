/**
 * What changed between a 10-K and the company's previous 10-K (or a 10-Q and the same quarter a
 * year earlier), section by section: the measures of Cohen, Malloy & Nguyen's "Lazy Prices"
 * (cosine over term frequencies, Jaccard over word sets) and the share of sentences added and
 * removed, plus the risk factors added and removed. Shared by the server (stores and scores it)
 * and the web (the card and ticker page show it).
 */

export const REPORT_SECTION_IDS = [
  'risk_factors',
  'legal_proceedings',
  'mdna',
  'market_risk',
  'controls',
  'business',
] as const;
export type ReportSectionId = (typeof REPORT_SECTION_IDS)[number];

export const REPORT_SECTION_TITLES: Record<ReportSectionId, string> = {
  risk_factors: 'Risk Factors',
  legal_proceedings: 'Legal Proceedings',
  mdna: "Management's Discussion and Analysis",
  market_risk: 'Market Risk',
  controls: 'Controls and Procedures',
  business: 'Business',
};

/** Short labels for tight places (the card's table, an SMS). */
export const REPORT_SECTION_SHORT: Record<ReportSectionId, string> = {
  risk_factors: 'Risk factors',
  legal_proceedings: 'Legal proceedings',
  mdna: 'MD&A',
  market_risk: 'Market risk',
  controls: 'Controls',
  business: 'Business',
};

export interface SectionChange {
  id: ReportSectionId;
  /** The item as the form numbers it: '1A' (10-K), 'II-1A' (10-Q). */
  item: string;
  /** Cosine similarity of the two sections' term frequencies (1 = same words, same mix). */
  cosine: number;
  /** Jaccard similarity of the two sections' word sets. */
  jaccard: number;
  /** Share of this report's sentences that last year's section did not have (numbers masked). */
  sentencesAdded: number;
  /** Share of last year's sentences this report dropped. */
  sentencesRemoved: number;
  /** Share of this report's section text that is new (five-word runs last year's lacked): "rewrote 31%". */
  rewritten: number;
  words: number;
  previousWords: number;
  /** The section's heading as a link target in each report's document (null: the filer made none). */
  anchor?: string | null;
  priorAnchor?: string | null;
}

export interface RiskFactorRef {
  heading: string;
  /** The factor's first sentence after its heading (quoted to users). */
  firstSentence: string;
  category: string | null;
}

export interface ReportDiff {
  sections: SectionChange[];
  /** Compared sections found in only one of the two reports. */
  onlyInNewer: ReportSectionId[];
  onlyInOlder: ReportSectionId[];
  riskFactorsAdded: RiskFactorRef[];
  riskFactorsRemoved: RiskFactorRef[];
  /** Factors found in both (same or reworded heading). */
  riskFactorsKept: number;
  /** Of those, how many with a reworded heading. */
  riskFactorsReworded: number;
}

/** A view of a stored diff for the card and the assistant: the diff plus both reports and links. */
export interface ReportChangeView extends ReportDiff {
  accessionNo: string;
  priorAccessionNo: string;
  kind: '10-K' | '10-Q';
  period: string | null;
  priorPeriod: string | null;
  filedDate: string | null;
  priorFiledDate: string | null;
  /** The two reports' primary documents on sec.gov. */
  documentUrl: string | null;
  priorDocumentUrl: string | null;
  /** The earlier report's card, when it is stored. */
  priorFilingId: number | null;
}

/** A link to a section on sec.gov: the document, at the heading when the filer anchored it. */
export function sectionUrl(documentUrl: string | null, anchor: string | null | undefined): string | null {
  if (!documentUrl) return null;
  return anchor ? `${documentUrl}#${encodeURIComponent(anchor)}` : documentUrl;
}

/** A similarity near 1 needs its decimal: 99.7% and 100% are different reports. */
export function similarityText(share: number): string {
  return share >= 0.995 && share < 1 ? `${(Math.floor(share * 1000) / 10).toFixed(1)}%` : percentText(share);
}

export function percentText(share: number): string {
  const p = share * 100;
  return p > 0 && p < 1 ? '<1%' : `${Math.round(p)}%`;
}

/** "Risk factors rewrote 31% of their text, 2 new risk factors": the card's and alert's first line. */
export function changeHeadline(diff: ReportDiff): string {
  const rf = diff.sections.find((s) => s.id === 'risk_factors');
  const first = rf
    ? `Risk factors: ${percentText(rf.rewritten)} of the text is new since last year`
    : `${diff.sections.length} section${diff.sections.length === 1 ? '' : 's'} compared with last year`;
  const added = diff.riskFactorsAdded.length;
  const removed = diff.riskFactorsRemoved.length;
  const counts =
    added || removed
      ? `; ${added} new risk factor${added === 1 ? '' : 's'}, ${removed} removed`
      : rf
        ? '; no risk factor added or removed'
        : '';
  return `${first}${counts}`;
}

/** The second line: the other sections that changed most. */
export function changeDetailLine(diff: ReportDiff): string {
  const others = diff.sections
    .filter((s) => s.id !== 'risk_factors')
    .sort((a, b) => b.rewritten - a.rewritten)
    .slice(0, 3)
    .map((s) => `${REPORT_SECTION_SHORT[s.id]} ${percentText(s.rewritten)} new`);
  return others.length ? others.join(', ') : 'No other section compared';
}

/**
 * When a report's change raises its importance (docs/scoring.md, "Report diffs", has the measured
 * distribution these come from: 12 real consecutive 10-K pairs of 2024-2025).
 */
export const REPORT_CHANGE_RULES = {
  /** Share of the section rewritten at or above which it counts as a rewrite (above all 12 measured 10-K risk sections). */
  rewritten: { risk_factors: 0.25, legal_proceedings: 0.5 } as Record<'risk_factors' | 'legal_proceedings', number>,
  /** ... and at least this multiple of the company's usual change. */
  overTypical: 2,
  /** The company's usual change: the median of at least this many of its earlier diffs of the same form. */
  typicalMinReports: 2,
  /** Without company history: the median measured over the real pairs, and how many they were. */
  measuredTypical: { risk_factors: 0.12, legal_proceedings: 0.32 } as Record<
    'risk_factors' | 'legal_proceedings',
    number
  >,
  measuredPairs: 12,
  /** Sections shorter than this in either report are not judged ("See Note 12."; a 10-Q's "no material changes"). */
  minWords: 300,
} as const;

/** What the scorer is told about a report's change (gathered by the reports domain). */
export interface ReportChangeFacts {
  diff: ReportDiff;
  /** The usual rewritten share per judged section, and where it comes from. */
  typical: Partial<
    Record<'risk_factors' | 'legal_proceedings', { share: number; basis: 'company' | 'measured'; reports: number }>
  >;
}

/** What an alert says of a report's change: the two-line summary and the risk factor counts. */
export interface ReportAlertLines {
  headline: string;
  detail: string;
  newRiskFactors: number;
  removedRiskFactors: number;
}

export function reportAlertLines(diff: ReportDiff): ReportAlertLines {
  return {
    headline: changeHeadline(diff),
    detail: changeDetailLine(diff),
    newRiskFactors: diff.riskFactorsAdded.length,
    removedRiskFactors: diff.riskFactorsRemoved.length,
  };
}
