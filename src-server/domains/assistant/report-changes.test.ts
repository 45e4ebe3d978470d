/** Routing "what changed in X's risk factors?" to the report diff, and which section a question asks about. */
import { describe, expect, it } from 'vitest';
import { sectionAsked } from './report-changes.tool';
import { routeQuestion } from './router';

const known = [
  { cik: 320193, tickers: ['AAPL'], names: ['Apple Inc.'] },
  { cik: 1318605, tickers: ['TSLA'], names: ['Tesla, Inc.'] },
];
const route = (q: string) =>
  routeQuestion(q, { now: new Date('2026-11-27T12:00:00Z'), known, insiders: [], watchlistCiks: [] });

describe('report changes in the assistant', () => {
  it('routes questions about what changed in a named company report to the stored diff', () => {
    for (const q of [
      "What changed in Apple's risk factors?",
      'Any new risk factors at TSLA?',
      "How much did Tesla's 10-K change from last year?",
      "What changed in AAPL's legal proceedings in the annual report?",
    ])
      expect(route(q), q).toMatchObject({ intent: 'report_changes', scope: 'named' });
    expect(route("What changed in Tesla's 10-K?").ciks).toEqual([1318605]);
  });

  it('leaves other questions where they were', () => {
    expect(route('Did AAPL file a 10-K this year?').intent).not.toBe('report_changes');
    expect(route('What changed in the risk factors?').intent).not.toBe('report_changes');
    expect(route('Should I buy AAPL because of its risk factors?').intent).toBe('advice');
  });

  it('reads the section asked about, Risk Factors unless the question names another', () => {
    expect(sectionAsked("What changed in Apple's risk factors?")).toBe('risk_factors');
    expect(sectionAsked('Any new litigation in the 10-K?')).toBe('legal_proceedings');
    expect(sectionAsked('How did MD&A change?')).toBe('mdna');
  });
});
