/**
 * The golden corpus: every real EDGAR filing of the repository with an expected-facts JSON
 * (src-server/test/golden/<file>.json, facts read from the document). compareGolden parses each
 * filing and counts the facts the parser gets wrong. Used by golden.test.ts and `npm run edgar:golden`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFiling, type ParseHints } from '../../edgar-model/parse';
import type { ParsedFiling } from '../../edgar-model/parse/types';
import { scoreFiling } from '../../edgar-model/score';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const GOLDEN_DIR = join(SERVER_DIR, 'test/golden');

interface GoldenFile {
  file: string;
  hints: ParseHints;
  facts: Record<string, unknown>;
}

export interface GoldenMismatch {
  file: string;
  fact: string;
  expected: unknown;
  actual: unknown;
}

/** The parsed value of one named fact. */
function actualFact(p: ParsedFiling, name: string): unknown {
  const d = p.detail;
  switch (name) {
    case 'formType':
      return p.formType;
    case 'accessionNo':
      return p.accessionNo;
    case 'filedDate':
      return p.filedDate;
    case 'items':
      return d?.kind === 'current' ? d.items.map((i) => i.number) : null;
    case 'owners':
      return d?.kind === 'ownership' ? d.owners.map((o) => o.name) : null;
    case 'nonDerivativeSharesByCode': {
      if (d?.kind !== 'ownership') return null;
      const totals: Record<string, number> = {};
      for (const r of d.rows)
        if (r.tableKind === 'non_derivative' && !r.isHolding && r.code)
          totals[r.code] = Math.round(((totals[r.code] ?? 0) + (r.shares ?? 0)) * 1e4) / 1e4;
      return totals;
    }
    case 'salesPlanSources':
      return d?.kind === 'ownership'
        ? [
            ...new Set(
              d.rows
                .filter((r) => r.tableKind === 'non_derivative' && !r.isHolding && r.code === 'S')
                .map((r) => r.planSource ?? 'none'),
            ),
          ].sort()
        : null;
    case 'reportingPersons':
      return d?.kind === 'beneficial' ? d.reportingPersons.length : null;
    case 'percentOfClass':
      return d?.kind === 'beneficial' ? d.percentOfClass : null;
    case 'subjectCik':
      return d?.kind === 'beneficial' ? d.subject.cik : null;
    case 'isAmendment':
      return p.isAmendment;
    case 'dateOfOriginalSubmission':
      return d?.kind === 'ownership' ? d.dateOfOriginalSubmission : null;
    case 'filerName':
      return p.filer?.name ?? null;
    case 'companyCik':
      return p.company?.cik ?? null;
    case 'companyName':
      return p.company?.name ?? null;
    case 'offeringAmount':
      return d?.kind === 'offering' ? d.offeringAmount : null;
    case 'saleNotice':
      // Form 144: who sells, how many units, their market value, roughly when, for which issuer.
      return d?.kind === 'sale_notice'
        ? {
            person: d.personName,
            shares: d.shares,
            marketValue: d.marketValue,
            approxSaleDate: d.approxSaleDate,
            issuerCik: d.issuer.cik,
            planAdoptionDate: d.planAdoptionDate,
          }
        : null;
    case 'subjectName':
      return d?.kind === 'beneficial' ? d.subject.name : null;
    case 'eventDate':
      return d?.kind === 'beneficial' || d?.kind === 'current' ? d.eventDate : null;
    case 'subject':
      return d?.kind === 'current' ? d.subject : null;
    case 'family':
      return p.family;
    case 'periodOfReport':
      return p.periodOfReport;
    case 'fiscalYear':
      return d?.kind === 'periodic' ? d.fiscalYear : null;
    case 'isLateNotice':
      return d?.kind === 'periodic' ? d.isLateNotice : null;
    case 'meetingType':
      return d?.kind === 'proxy' ? d.meetingType : null;
    case 'meetingDate':
      return d?.kind === 'proxy' ? d.meetingDate : null;
    default:
      return undefined;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Each golden file with its filing parsed. */
function* parsedGolden(): Generator<{ golden: GoldenFile; parsed: ParsedFiling }> {
  for (const name of readdirSync(GOLDEN_DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const golden = JSON.parse(readFileSync(join(GOLDEN_DIR, name), 'utf8')) as GoldenFile;
    yield { golden, parsed: parseFiling(readFileSync(join(SERVER_DIR, golden.file), 'utf8'), golden.hints) };
  }
}

export function compareGolden(): { filings: number; facts: number; wrong: number; mismatches: GoldenMismatch[] } {
  const mismatches: GoldenMismatch[] = [];
  let filings = 0;
  let facts = 0;
  for (const { golden, parsed } of parsedGolden()) {
    filings += 1;
    for (const [fact, expected] of Object.entries(golden.facts)) {
      // An object of facts (shares by code) counts one fact per key.
      const actual = actualFact(parsed, fact);
      if (expected && typeof expected === 'object' && !Array.isArray(expected)) {
        const keys = new Set([...Object.keys(expected), ...Object.keys((actual as object) ?? {})]);
        for (const key of keys) {
          facts += 1;
          const e = (expected as Record<string, unknown>)[key];
          const a = (actual as Record<string, unknown> | null)?.[key];
          if (!same(e, a)) mismatches.push({ file: golden.file, fact: `${fact}.${key}`, expected: e, actual: a });
        }
      } else {
        facts += 1;
        if (!same(expected, actual)) mismatches.push({ file: golden.file, fact, expected, actual });
      }
    }
  }
  return { filings, facts, wrong: mismatches.length, mismatches };
}

/**
 * Which scoring rules the real filings of the golden corpus fire without stored history (rules that
 * need earlier filings — clusters, stake crossings, amendments — fire only with a score context):
 * rule id -> the corpus files that fire it. docs/scoring.md's rule table is read from this.
 */
export function ruleCoverage(): Map<string, string[]> {
  const coverage = new Map<string, string[]>();
  for (const { golden, parsed } of parsedGolden()) {
    for (const rule of new Set(scoreFiling(parsed).rules))
      coverage.set(rule, [...(coverage.get(rule) ?? []), golden.file]);
  }
  return coverage;
}
