/**
 * The assistant's "what changed in X's risk factors?" tool: the stored report diff (domains/reports)
 * of the company's latest 10-K (or 10-Q when asked), every fact cited to the report it comes from:
 * the measures and new factors to this year's report, removed factors to last year's.
 */
import { filedPhrase } from '#shared/filed-date';
import { percentText, REPORT_SECTION_TITLES, type ReportSectionId, type SectionChange } from '#shared/report-diff';
import type { Db } from '../../db/client';
import { latestDiffs, type LatestDiffHit } from '../reports/reports.repo';
import type { Fact, FactSource, ToolResult } from './contract';
import { cite, dayOf, fact, filedFact, viewUrl } from './format';
import type { Scope } from './tools';

/** Which section a question asks about ("legal proceedings", "MD&A"); Risk Factors unless it says. */
export function sectionAsked(question: string): ReportSectionId {
  if (/\blegal\b|\blitigation\b|\blawsuits?\b/i.test(question)) return 'legal_proceedings';
  if (/\bmd&a\b|\bmanagement'?s discussion\b/i.test(question)) return 'mdna';
  if (/\bmarket risk\b/i.test(question)) return 'market_risk';
  if (/\bcontrols\b/i.test(question)) return 'controls';
  if (/\bbusiness section\b|\bitem 1\b(?!a)/i.test(question)) return 'business';
  return 'risk_factors';
}

/**
 * A report's filed instant, else its filing date; a stored filing's filed_at that is only its period
 * end (filedDateUnknown), or a period end itself, is no filing date: '' and unknown.
 */
function filedOf(at: string | null, unknown: boolean, date: string | null): { filedAt: string; unknown: boolean } {
  const filedAt = (unknown ? null : at) ?? date;
  return filedAt ? { filedAt, unknown: false } : { filedAt: '', unknown: true };
}

function sources(h: LatestDiffHit): { now: FactSource; before: FactSource } {
  const filed = filedOf(h.filed_at, h.filed_date_unknown, h.filed_date);
  const priorFiled = filedOf(h.prior_filed_at, h.prior_filed_date_unknown, h.prior_filed_date);
  return {
    now: {
      accessionNo: h.accession_no,
      form: h.kind,
      filedAt: filed.filedAt,
      ...(filed.unknown ? { filedDateUnknown: true } : {}),
      acceptedAt: h.accepted_at,
      item: null,
      row: null,
      url: h.document_url,
      viewUrl: viewUrl(h.ticker, h.filing_id),
    },
    before: {
      accessionNo: h.prior_accession_no,
      form: h.kind,
      filedAt: priorFiled.filedAt,
      ...(priorFiled.unknown ? { filedDateUnknown: true } : {}),
      acceptedAt: null,
      item: null,
      row: null,
      url: h.prior_document_url,
      viewUrl: viewUrl(h.ticker, h.prior_filing_id),
    },
  };
}

/** "filed 2025-01-30", or "filing date not recorded" for a source without one. */
const filedWords = (s: FactSource) => filedPhrase(dayOf(s.filedAt) ?? '', { unknown: s.filedDateUnknown === true });
const filedFactOf = (label: string, s: FactSource) =>
  filedFact(label, { filed_at: s.filedAt, filed_date_unknown: s.filedDateUnknown }, s);

function measureLine(s: SectionChange): string {
  return `${percentText(s.rewritten)} of the text is new, ${percentText(s.sentencesAdded)} of its sentences were not in last year's, ${percentText(s.sentencesRemoved)} of last year's sentences were dropped (word similarity ${percentText(s.cosine)})`;
}

export async function reportChanges(
  db: Db,
  scope: Scope,
  args: { section: ReportSectionId; forms: string[] },
): Promise<ToolResult> {
  const kinds =
    args.forms.some((f) => f.startsWith('10-Q')) && !args.forms.some((f) => f.startsWith('10-K')) ? ['10-Q'] : ['10-K'];
  const coverage = { tickers: scope.labels, from: null, to: null, filingsScanned: 0 };
  const [h] = scope.ciks?.length ? await latestDiffs(db, { ciks: scope.ciks, kinds, limit: 1 }) : [];
  const title = REPORT_SECTION_TITLES[args.section];
  if (!h)
    return {
      facts: [],
      lines: [
        `No ${kinds[0]} of ${scope.labels.join(', ') || 'that company'} has been compared with the year before yet, so I can't say what changed in its ${title}.`,
      ],
      coverage,
      caveats: [],
    };
  const who = h.ticker ?? h.company_name ?? scope.labels[0] ?? 'The company';
  const { now, before } = sources(h);
  const s = h.diff.sections.find((x) => x.id === args.section);
  const item = s?.item ?? null;
  const facts: Fact[] = [
    filedFactOf(`${who} ${h.kind} filed`, now),
    filedFactOf(`Compared with the ${h.kind} filed`, before),
  ];
  const lines = [
    `${who}'s ${h.kind} ${filedWords(now)} ${cite(h.accession_no)}, compared with ${h.kind === '10-Q' ? 'the same quarter a year earlier' : 'its previous 10-K'}, ${filedWords(before)} ${cite(h.prior_accession_no)}:`,
  ];
  if (!s) {
    lines.push(`${title} was not found in both reports, so it was not compared.`);
    return { facts, lines, coverage: { ...coverage, filingsScanned: 2 }, caveats: [] };
  }
  const at = { ...now, item };
  facts.push(
    fact(`${title}: share of text new`, percentText(s.rewritten), null, at),
    fact(`${title}: word similarity (cosine)`, percentText(s.cosine), null, at),
  );
  lines.push(`${title} (Item ${s.item}): ${measureLine(s)} ${cite(h.accession_no, item)}.`);
  if (args.section === 'risk_factors') {
    const added = h.diff.riskFactorsAdded;
    const removed = h.diff.riskFactorsRemoved;
    lines.push(
      `${added.length} new risk factor${added.length === 1 ? '' : 's'}, ${removed.length} removed, ${h.diff.riskFactorsKept} kept (${h.diff.riskFactorsReworded} with a reworded heading).`,
    );
    for (const f of added) {
      facts.push(fact('New risk factor', f.heading, null, at));
      lines.push(`New: “${f.heading}” ${cite(h.accession_no, item)}`);
    }
    for (const f of removed) {
      const was = { ...before, item };
      facts.push(fact('Removed risk factor', f.heading, null, was));
      lines.push(`Removed: “${f.heading}” ${cite(h.prior_accession_no, item)}`);
    }
  }
  return { facts, lines, coverage: { ...coverage, filingsScanned: 2 }, caveats: [] };
}
