/**
 * The section reader on real reports (replay-data, SOURCES.md): each section starts at the heading
 * a person finds when reading, not at the table of contents' link; inline XBRL, old text filings,
 * full submissions and 10-Q parts all read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../config/paths';
import { htmlBlocks, joinBlocks } from './blocks';
import { readSections } from '.';

const replay = (file: string) =>
  gunzipSync(readFileSync(projectPath(join('src-server/integrations/edgar/replay-data/filings', file)))).toString();
const corpus = (file: string) => readFileSync(projectPath(join('src-server/test/fixtures/edgar/corpus', file)), 'utf8');

describe('10-K sections (Apple FY2025, inline XBRL)', () => {
  const r = readSections(replay('0000320193-25-000079_aapl_10-K_20250927.htm.gz'), '10-K')!;
  const at = (id: string) => r.sections.find((s) => s.id === id)!;

  it('skips the table of contents: each section starts at its heading in the body', () => {
    const tocRiskFactors = r.text.indexOf('Risk Factors');
    expect(tocRiskFactors).toBeLessThan(at('business').start);
    expect(r.text.slice(at('risk_factors').start, at('risk_factors').start + 21)).toBe('Item 1A. Risk Factors');
    expect(r.text.slice(at('legal_proceedings').start).startsWith('Item 3. Legal Proceedings')).toBe(true);
    expect(at('mdna').item).toBe('7');
    expect(at('market_risk').item).toBe('7A');
    expect(at('controls').item).toBe('9A');
  });

  it('ends a section where the next item begins and keeps only its words', () => {
    const rf = at('risk_factors');
    expect(r.text.slice(rf.end + 1).startsWith('Item 1B. Unresolved Staff Comments')).toBe(true);
    expect(rf.body.startsWith('The following summarizes factors that could have a material adverse effect')).toBe(true);
    expect(at('legal_proceedings').body).toContain('Digital Markets Act Investigations');
  });

  it('splits risk factors by their headings, under their categories', () => {
    expect(r.riskFactors.length).toBeGreaterThanOrEqual(25);
    const first = r.riskFactors[0]!;
    expect(first.category).toBe('Macroeconomic and Industry Risks');
    expect(first.heading).toMatch(/^The Company’s operations and performance depend significantly on global/);
    expect(first.body.length).toBeGreaterThan(500);
  });
});

describe('10-Q parts', () => {
  it('reads Part I Item 2 and Part II Items 1 and 1A, not Part I Item 1', () => {
    const r = readSections(replay('0000320193-24-000081_aapl_10-Q_20240629.htm.gz'), '10-Q')!;
    expect(r.sections.map((s) => s.item)).toEqual(['I-2', 'I-3', 'I-4', 'II-1', 'II-1A']);
    const legal = r.sections.find((s) => s.id === 'legal_proceedings')!;
    expect(r.text.slice(legal.start, legal.start + 25)).toBe('Item 1. Legal Proceedings');
  });
});

describe('other shapes', () => {
  it('a heading in a table row reads as one line ("Item 1A. | Risk Factors")', () => {
    const html = '<table><tr><td>Item 1A.</td><td>Risk Factors</td></tr></table><p>We face risks.</p>';
    expect(joinBlocks(htmlBlocks(html))).toBe('Item 1A. Risk Factors\nWe face risks.');
  });

  it('"ITEM 1A —" and a title in the next block are headings too', () => {
    const doc = `<html><body>${['ITEM 1. BUSINESS', 'We make things.'.repeat(30), 'ITEM 1A —', 'RISK FACTORS', 'Demand may fall.'.repeat(30), 'ITEM 1B. UNRESOLVED STAFF COMMENTS', 'None.'].map((t) => `<p>${t}</p>`).join('')}</body></html>`;
    const r = readSections(doc, '10-K')!;
    const rf = r.sections.find((s) => s.id === 'risk_factors')!;
    expect(rf.item).toBe('1A');
    expect(rf.body.startsWith('Demand may fall.')).toBe(true);
  });

  it('an old text filing inside a full submission (Ford 10-K for 1993)', () => {
    const r = readSections(corpus('0000037996-94-000005_ford_10-K_1994.txt'))!;
    expect(r.kind).toBe('10-K');
    expect(r.sections.map((s) => s.id)).toEqual(['business', 'legal_proceedings', 'mdna']);
    expect(r.sections[2]!.body.startsWith('OVERVIEW')).toBe(true);
  });

  it('a text 10-K405 with <TABLE> tags is still plain text (PerkinElmer 2001)', () => {
    const r = readSections(corpus('perkinelmer_10-K405_2001_b38210pee10-k405.txt'), '10-K405')!;
    expect(r.sections.find((s) => s.id === 'legal_proceedings')?.body).toMatch(
      /^The Company is subject to various claims/,
    );
  });

  it('anything else is not a report', () => {
    expect(readSections('<html><body><p>Form 4</p></body></html>')).toBeNull();
  });
});
