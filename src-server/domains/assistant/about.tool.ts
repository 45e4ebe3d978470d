/**
 * "What was NVIDIA's latest 8-K about?", "summarize the 10-Q": the latest matching filing and what
 * it says, from what ingest parsed and stored (the 8-K's items and the people they name, a report's
 * period, the scoring reasons) and, for a 10-K or 10-Q, the stored comparison with the year before.
 * Every line is cited to the filing (8-K items to their item).
 */
import { itemTitle } from '#shared/form8k-items';
import type { Db } from '../../db/client';
import * as repo from './assistant.repo';
import type { Fact, ToolResult } from './contract';
import { cite, dayOf, fact, source } from './format';
import { reportChanges } from './report-changes.tool';
import type { Scope } from './tools';

const upper = (scope: Scope) => (scope.to && scope.to < scope.until ? scope.to : scope.until);
const who = (h: repo.FilingHit) => h.ticker ?? h.company_name ?? 'The company';

function eightKLines(h: repo.FilingHit, content: repo.FilingContent | null, facts: Fact[]): string[] {
  const lines: string[] = [];
  const items = content?.details?.items?.length
    ? content.details.items
    : (h.items ?? []).map((number) => ({ number, title: itemTitle(number) }));
  if (items.length) lines.push('It reports:');
  for (const item of items) {
    facts.push(fact(`Item ${item.number}`, item.title, null, source(h, { item: item.number })));
    lines.push(`Item ${item.number}: ${item.title} ${cite(h.accession_no, item.number)}`);
  }
  const people = content?.details?.people ?? [];
  if (people.length) {
    const at = items.some((i) => i.number === '5.02') ? '5.02' : null;
    for (const p of people) facts.push(fact('Person named', p.name, null, source(h, { item: at })));
    const named = people.map(
      (p) =>
        `${p.name}${[p.role, p.change].filter(Boolean).length ? ` (${[p.role, p.change].filter(Boolean).join('; ')})` : ''}`,
    );
    lines.push(`People named: ${named.join(', ')} ${cite(h.accession_no, at)}`);
  }
  if (content?.details?.subject) {
    facts.push(fact('Subject', content.details.subject, null, source(h)));
    lines.push(`Subject: ${content.details.subject} ${cite(h.accession_no)}`);
  }
  return lines;
}

function reportLines(h: repo.FilingHit, content: repo.FilingContent | null, facts: Fact[]): string[] {
  const d = content?.details;
  const period = d?.periodOfReport ?? h.period_of_report;
  if (!period) return [];
  facts.push(fact('Period ended', period, 'date', source(h)));
  if (d?.fiscalYear) facts.push(fact('Fiscal year', d.fiscalYear, null, source(h)));
  const fiscal = d?.fiscalYear ? ` (fiscal ${d.fiscalYear}${d.fiscalPeriod ? ` ${d.fiscalPeriod}` : ''})` : '';
  return [`It covers the period ended ${period}${fiscal} ${cite(h.accession_no)}`];
}

export async function filingAbout(
  db: Db,
  scope: Scope,
  args: { forms: string[]; items: string[] },
): Promise<ToolResult> {
  const [h] = await repo.findFilings(db, {
    ciks: scope.ciks,
    forms: args.forms,
    items: args.items,
    from: scope.from,
    to: upper(scope),
    limit: 1,
  });
  const coverage = { tickers: scope.labels, from: null, to: null, filingsScanned: h?.total ?? 0 };
  const what = args.forms.join('/') || 'filing';
  if (!h)
    return {
      facts: [],
      lines: [`No ${what} found${scope.labels.length ? ` for ${scope.labels.join(', ')}` : ''}.`],
      coverage,
      caveats: [],
    };
  const content = await repo.filingContent(db, { id: h.id });
  const src = source(h);
  const facts: Fact[] = [
    fact(`${who(h)} ${h.form_type} filed`, dayOf(h.filed_at)!, 'date', src),
    fact('Importance', h.importance, null, src),
    fact('Summary', h.one_liner, null, src),
  ];
  const lines = [
    `${who(h)}'s latest ${h.form_type}, filed ${dayOf(h.filed_at)}, is ${h.importance}: ${h.one_liner} ${cite(h.accession_no)}`,
  ];
  const isReport = /^10-[KQ]/.test(h.form_type);
  lines.push(...(h.form_type.startsWith('8-K') ? eightKLines(h, content, facts) : []));
  lines.push(...(isReport ? reportLines(h, content, facts) : []));
  const reasons = h.reasons.filter((r) => !/^Item \d/.test(r) && r !== h.form_type);
  if (reasons.length) {
    reasons.forEach((r, i) => {
      facts.push(fact(`Reason ${i + 1}`, r, null, src));
    });
    lines.push(`Why ${h.importance}: ${reasons.join('; ')} ${cite(h.accession_no)}`);
  }
  if (isReport && h.cik != null) {
    const changes = await reportChanges(
      db,
      { ...scope, ciks: [h.cik] },
      { section: 'risk_factors', forms: [h.form_type] },
    );
    if (changes.facts[0]?.source.accessionNo === h.accession_no) {
      facts.push(...changes.facts);
      lines.push(...changes.lines.slice(1));
    }
  }
  const thin = lines.length === 1;
  return {
    facts,
    lines,
    coverage,
    caveats: [
      thin
        ? `We hold only this ${h.form_type}'s form, date and level; its full text is on SEC.gov.`
        : 'From what we parsed from the filing; the full text is on SEC.gov.',
    ],
  };
}
