/** Tier 0: the routed question answered from the tools alone, no language model. */
import type { Db } from '../../db/client';
import type { Answer, ToolResult } from './contract';
import { labelOf, type AskContext } from './context';
import { renumber } from './format';
import { routeQuestion, type Route } from './router';
import * as tools from './tools';
import { reportChanges, sectionAsked } from './report-changes.tool';
import { filingAbout } from './about.tool';

export const ADVICE_REFUSAL =
  'I can’t tell you whether to buy, sell or hold: that would be investment advice, and this assistant only reports what the filings say. Here are the facts from the latest filings:';

/** Questions to try, written for the caller's own tickers. */
export function suggestionsFor(context: AskContext): string[] {
  const tickers = context.watchlist.map((w) => w.ticker).slice(0, 2);
  const [a, b] = tickers.length ? [tickers[0]!, tickers[1] ?? tickers[0]!] : ['TSLA', 'AAPL'];
  return [
    `What did ${a} file this week?`,
    'Anything CRITICAL or HIGH in my list in the last 30 days?',
    `Any insider selling at ${a} in the last 90 days?`,
    `When was ${b}'s last 10-Q?`,
    `Did ${b} report a CEO change?`,
  ];
}

function scopeOf(route: Route, context: AskContext): tools.Scope {
  const ciks = route.scope === 'all' ? null : route.ciks;
  return {
    ciks,
    labels: (ciks ?? []).map((c) => labelOf(context, c)),
    from: route.window.from,
    to: route.window.to,
    until: context.now,
  };
}

async function run(db: Db, route: Route, context: AskContext, question: string): Promise<ToolResult | null> {
  const scope = scopeOf(route, context);
  switch (route.intent) {
    case 'advice':
      return tools.latestFilings(
        db,
        { ...scope, ciks: scope.ciks ?? context.watchlistCiks },
        { forms: [], items: [], levels: [] },
      );
    case 'alerts':
      return tools.alertReceipts(db, route.scope === 'named' ? scope : { ...scope, ciks: null, labels: [] }, {
        userId: context.userId,
        forms: route.forms,
      });
    case 'why':
      return tools.whyLevel(db, scope, { forms: route.forms, items: route.items, levels: route.levels });
    case 'importance':
      return tools.latestFilings(db, scope, {
        forms: route.forms,
        items: [],
        levels: route.levels,
        order: 'importance',
      });
    case 'about':
      return filingAbout(db, scope, { forms: route.forms, items: route.items });
    case 'stakes':
      return tools.stakes(db, scope, { forms: route.forms });
    case 'insider_person':
      return tools.insiderHistory(db, scope, {
        insider: route.insider!,
        codes: route.codes?.codes ?? null,
        codesLabel: route.codes?.label ?? null,
      });
    case 'insider':
      return tools.insiderActivity(db, scope, {
        codes: route.codes?.codes ?? null,
        codesLabel: route.codes?.label ?? null,
      });
    case 'dates':
      return tools.filingDates(db, scope, { forms: route.forms });
    case 'count':
      return tools.countFilings(db, scope, { forms: route.forms, items: route.items, levels: route.levels });
    case 'items':
      return tools.itemLookup(db, scope, { items: route.items });
    case 'latest':
      return tools.latestFilings(db, scope, { forms: route.forms, items: [], levels: route.levels });
    case 'report_changes':
      return reportChanges(db, scope, { section: sectionAsked(question), forms: route.forms });
    case 'help':
      return null;
  }
}

export function helpText(route: Route): string {
  if (route.unknownTickers.length)
    return `We hold no filings for ${route.unknownTickers.join(', ')}, so I can’t answer that. Try one of these:`;
  return 'I answer questions about the filings we hold: latest filings, 8-K items, insider trades, 13D/13G stakes, filing dates, counts, importance levels and your alerts. I could not match your question to one of those, so I won’t guess. Try one of these:';
}

export async function answerTier0(
  db: Db,
  question: string,
  context: AskContext,
): Promise<{ answer: Answer; route: Route }> {
  const route = routeQuestion(question, {
    now: context.now,
    known: context.known,
    insiders: context.insiders,
    watchlistCiks: context.watchlistCiks,
  });
  const result = await run(db, route, context, question);
  const base = { asOf: context.asOf, tier: 0 as const, intent: route.intent };
  if (!result) {
    return {
      route,
      answer: {
        ...base,
        text: helpText(route),
        facts: [],
        citations: [],
        coverage: { tickers: [], from: null, to: null, filingsScanned: 0 },
        caveats: [],
        suggestions: suggestionsFor(context),
        refusal: false,
      },
    };
  }
  const facts = renumber(result.facts);
  const lines = route.intent === 'advice' ? [ADVICE_REFUSAL, ...result.lines] : result.lines;
  const citations = [
    ...new Set(facts.map((f) => (f.source.item ? `${f.source.accessionNo}#${f.source.item}` : f.source.accessionNo))),
  ];
  const answer: Answer = {
    ...base,
    text: lines.join('\n'),
    facts,
    citations,
    coverage: result.coverage,
    caveats: result.caveats,
    suggestions: route.intent === 'advice' || facts.length === 0 ? suggestionsFor(context).slice(0, 3) : [],
    refusal: route.intent === 'advice',
  };
  return { route, answer };
}
