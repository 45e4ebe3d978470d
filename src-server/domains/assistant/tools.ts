/**
 * The assistant's read-only tools over our own tables. Both tiers call these and only these; each
 * is scoped to the asking user (their watchlist, their alert receipts) by the service, never by
 * its arguments. Every sentence tier 0 writes comes from a tool's facts and coverage.
 */
import { itemTitle, CURRENT_8K_ITEMS_SINCE } from '#shared/form8k-items';
import { transactionCodeWords } from '#shared/insider';
import type { Db } from '../../db/client';
import { getInsiderByCik, getInsiderByName } from '../insiders/insiders.service';
import type { InsiderTransaction } from '../insiders/insider-profile';
import * as repo from './assistant.repo';
import type { Coverage, Fact, ToolResult } from './contract';
import { cite, dayOf, fact, filedDayText, filedFact, fmtMoney, fmtNumber, source } from './format';
import type { KnownInsider } from './router';

export interface Scope {
  ciks: number[] | null;
  /** Labels of the companies in scope (tickers, else names) for the coverage line. */
  labels: string[];
  from: Date | null;
  to: Date | null;
  /** The asking instant: nothing filed after it is read (answers are "as of" their question). */
  until: Date;
}

const upper = (scope: Scope) => (scope.to && scope.to < scope.until ? scope.to : scope.until);
/** The companies and dates every filing query of a tool is held to. */
const inScope = (scope: Scope) => ({ ciks: scope.ciks, from: scope.from, to: upper(scope) });

const LIST_LIMIT = 10;

/** The window as New York days, both inclusive (what the answer's words say). */
function windowDays(scope: Scope): { from: string | null; to: string | null } {
  return {
    from: dayOf(scope.from?.toISOString() ?? null),
    to: scope.to ? dayOf(new Date(scope.to.getTime() - 1).toISOString()) : null,
  };
}

function coverageOf(scope: Scope, scanned: number): Coverage {
  return { tickers: scope.labels, ...windowDays(scope), filingsScanned: scanned };
}

function windowWords(scope: Scope): string {
  const { from, to } = windowDays(scope);
  if (from && to) return ` between ${from} and ${to}`;
  if (from) return ` since ${from}`;
  if (to) return ` until ${to}`;
  return '';
}

const who = (h: { ticker: string | null; company_name: string | null }) =>
  h.ticker ?? h.company_name ?? 'Unknown company';

function filingLine(h: repo.FilingHit): string {
  const items = h.items?.length ? ` (items ${h.items.join(', ')})` : '';
  return `${filedDayText(h)} · ${who(h)} · ${h.form_type}${items} · ${h.importance}: ${h.one_liner} ${cite(h.accession_no)}`;
}

function filingFacts(h: repo.FilingHit): Fact[] {
  const src = source(h);
  const facts = [filedFact(`${who(h)} ${h.form_type} filed`, h, src), fact('Importance', h.importance, null, src)];
  if (h.items?.length) facts.push(fact('8-K items', h.items.join(', '), null, src));
  facts.push(fact('Summary', h.one_liner, null, src));
  return facts;
}

function empty(what: string, scope: Scope, scanned: number): ToolResult {
  return {
    facts: [],
    lines: [`No ${what} found${scope.labels.length ? ` for ${scope.labels.join(', ')}` : ''}${windowWords(scope)}.`],
    coverage: coverageOf(scope, scanned),
    caveats: [],
  };
}

/** Latest filings in scope, optionally of some forms, 8-K items or importance levels. */
export async function latestFilings(
  db: Db,
  scope: Scope,
  args: { forms: string[]; items: string[]; levels: number[]; order?: 'newest' | 'importance' },
): Promise<ToolResult> {
  const hits = await repo.findFilings(db, {
    ...inScope(scope),
    forms: args.forms,
    items: args.items,
    levels: args.levels,
    order: args.order,
    limit: LIST_LIMIT,
  });
  const total = hits[0]?.total ?? 0;
  const what = [
    args.levels.length ? args.levels.map((l) => ['', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'][l]).join(' or ') : '',
    args.forms.join('/') || '',
    'filings',
  ]
    .filter(Boolean)
    .join(' ');
  if (hits.length === 0) return empty(what, scope, 0);
  const lines = [
    `${total} ${total === 1 ? what.replace(/filings$/, 'filing') : what}${scope.labels.length ? ` for ${scope.labels.join(', ')}` : ''}${windowWords(scope)}${total > hits.length ? (args.order === 'importance' ? `; the ${hits.length} most important, newest first within a level` : `; the newest ${hits.length}`) : args.order === 'importance' ? ', most important first' : ''}:`,
    ...hits.map(filingLine),
  ];
  const counts = [
    fact('Filings matched', total, 'filings', source(hits[0]!)),
    fact('Filings listed', hits.length, 'filings', source(hits[0]!)),
  ];
  return { facts: [...counts, ...hits.flatMap(filingFacts)], lines, coverage: coverageOf(scope, total), caveats: [] };
}

/** 8-K item lookups: which filings reported these items, with the item titles. */
export async function itemLookup(db: Db, scope: Scope, args: { items: string[] }): Promise<ToolResult> {
  const hits = await repo.findFilings(db, {
    ...inScope(scope),
    forms: ['8-K'],
    items: args.items,
    limit: LIST_LIMIT,
  });
  const titles = args.items.map((i) => `Item ${i} (${itemTitle(i)})`).join(' or ');
  if (hits.length === 0) {
    const scanned = await repo.countFilings(db, {
      ciks: scope.ciks ?? [],
      forms: ['8-K'],
      from: scope.from,
      to: upper(scope),
    });
    return empty(
      `8-K reporting ${titles}`,
      scope,
      scanned.reduce((s, r) => s + r.n, 0),
    );
  }
  const caveats: string[] = [];
  const facts: Fact[] = [];
  const lines = [`${hits[0]!.total} 8-K${hits[0]!.total === 1 ? '' : 's'} reported ${titles}${windowWords(scope)}:`];
  for (const h of hits) {
    const matched = (h.items ?? []).filter((i) => args.items.includes(i));
    for (const item of matched) facts.push(fact(`Item ${item}`, itemTitle(item), null, source(h, { item })));
    facts.push(fact('All items in the filing', (h.items ?? []).join(', '), null, source(h)));
    facts.push(fact(`${who(h)} 8-K filed`, dayOf(h.filed_at)!, 'date', source(h)));
    lines.push(
      `${dayOf(h.filed_at)} · ${who(h)}: items ${(h.items ?? []).join(', ')}. ${h.one_liner} ${cite(h.accession_no, matched[0])}`,
    );
    if (h.filed_at < CURRENT_8K_ITEMS_SINCE)
      caveats.push(
        `${who(h)}'s 8-K of ${dayOf(h.filed_at)} predates today's item numbers (${CURRENT_8K_ITEMS_SINCE}); its items are shown in today's numbering (for example old Item 3 is Item 1.03).`,
      );
  }
  return { facts, lines, coverage: coverageOf(scope, hits[0]!.total), caveats };
}

/** Why filings got their level: the stored rule reasons, verbatim. */
export async function whyLevel(
  db: Db,
  scope: Scope,
  args: { forms: string[]; items: string[]; levels: number[] },
): Promise<ToolResult> {
  const hits = await repo.findFilings(db, {
    ...inScope(scope),
    forms: args.forms,
    items: args.items,
    levels: args.levels,
    limit: 3,
  });
  if (hits.length === 0) return empty('matching filings', scope, 0);
  const facts: Fact[] = [];
  const lines: string[] = [];
  for (const h of hits) {
    facts.push(fact('Importance', h.importance, null, source(h)));
    h.reasons.forEach((r, i) => {
      facts.push(fact(`Reason ${i + 1}`, r, null, source(h)));
    });
    lines.push(
      `${who(h)}'s ${h.form_type} ${h.filed_date_unknown ? `(${filedDayText(h)})` : `of ${filedDayText(h)}`} is ${h.importance} because: ${h.reasons.map((r) => `"${r}"`).join('; ')} ${cite(h.accession_no)}`,
    );
  }
  return {
    facts,
    lines,
    coverage: coverageOf(scope, hits[0]!.total),
    caveats: [
      'Levels come from our published rules (see /about-our-ai); the reasons are the rules that fired, as stored when the filing was scored.',
    ],
  };
}

/**
 * None of the asked codes: say how many insider filings were read and what they do show, so
 * "none found" is never mistaken for "nothing stored" (issue 28: "scanned 0 filings" with 4 stored).
 */
async function noTradesOfCodes(db: Db, scope: Scope, what: string, codes: string[] | null): Promise<ToolResult> {
  const all = codes
    ? await repo.issuerTrades(db, {
        ciks: scope.ciks ?? [],
        codes: null,
        from: scope.from,
        to: upper(scope),
        until: scope.until,
        limit: 1000,
      })
    : [];
  const filings = new Set(all.map((t) => t.accession_no));
  const res = empty(what, scope, filings.size);
  if (all.length === 0) return res;
  const byCode = new Map<string, number>();
  for (const t of all) byCode.set(t.code, (byCode.get(t.code) ?? 0) + 1);
  const first = all[0]!;
  const facts = [
    fact('Insider filings read', filings.size, 'filings', source(first)),
    fact('Trades in them', all.length, 'trades', source(first)),
    ...[...byCode].map(([code, n]) =>
      fact(`Code ${code} trades`, n, 'trades', source(all.find((t) => t.code === code)!)),
    ),
    ...[...filings].map((a) => {
      const t = all.find((x) => x.accession_no === a)!;
      return fact(`${t.form_type} filed`, dayOf(t.filed_at)!, 'date', source(t));
    }),
  ];
  const shown = [...byCode].map(([code, n]) => `${n} code ${code} (${transactionCodeWords(code)})`).join(', ');
  res.lines.push(
    `I read ${filings.size} insider filing${filings.size === 1 ? '' : 's'} with ${all.length} trade${all.length === 1 ? '' : 's'}${windowWords(scope)}; they show ${shown} ${[...filings].map((a) => cite(a)).join(' ')}`,
  );
  return { ...res, facts };
}

/** Insider trades at these companies: one count per trade, net shares and value per code, 10b5-1 and role shown. */
export async function insiderActivity(
  db: Db,
  scope: Scope,
  args: { codes: string[] | null; codesLabel: string | null },
): Promise<ToolResult> {
  const what = args.codesLabel ?? 'insider transactions';
  if (!scope.ciks?.length) return empty(what, scope, 0);
  const trades = await repo.issuerTrades(db, {
    ciks: scope.ciks,
    codes: args.codes,
    from: scope.from,
    to: upper(scope),
    until: scope.until,
    limit: 200,
  });
  const filingsScanned = new Set(trades.map((t) => t.accession_no)).size;
  if (trades.length === 0) return noTradesOfCodes(db, scope, what, args.codes);
  const byCode = new Map<string, repo.TradeRow[]>();
  for (const t of trades) byCode.set(t.code, [...(byCode.get(t.code) ?? []), t]);
  const facts: Fact[] = [];
  const lines = [
    `${trades.length} ${what} in ${filingsScanned} filing${filingsScanned === 1 ? '' : 's'}${windowWords(scope)} (each trade counted once, even when several owners filed it jointly):`,
  ];
  facts.push(
    fact('Trades', trades.length, 'trades', source(trades[0]!)),
    fact('Filings with trades', filingsScanned, 'filings', source(trades[0]!)),
  );
  for (const [code, rows] of byCode) {
    const stock = rows.filter((r) => r.table_kind === 'non_derivative');
    const shares = stock.reduce((s, r) => s + (r.shares ?? 0), 0);
    const value = stock.reduce((s, r) => s + (r.value ?? 0), 0);
    const first = rows[0]!;
    facts.push(fact(`Code ${code} shares (stock, ${rows.length} trades)`, shares, 'shares', source(first)));
    if (value > 0) facts.push(fact(`Code ${code} value`, Math.round(value * 100) / 100, 'USD', source(first)));
    lines.push(
      `Code ${code} (${transactionCodeWords(code)}): ${rows.length} trade${rows.length === 1 ? '' : 's'}, ${fmtNumber(shares)} shares of stock${value > 0 ? `, ${fmtMoney(Math.round(value * 100) / 100)}` : ''}.`,
    );
  }
  const perFiling = new Map<string, repo.TradeRow[]>();
  for (const t of trades) perFiling.set(t.accession_no, [...(perFiling.get(t.accession_no) ?? []), t]);
  for (const [acc, rows] of [...perFiling].slice(0, 8)) {
    const r = rows[0]!;
    const stock = rows.filter((x) => x.table_kind === 'non_derivative');
    const shares = stock.reduce((s, x) => s + (x.shares ?? 0), 0);
    const plan = rows.some((x) => x.is_10b5_1);
    const codes = [...new Set(rows.map((x) => x.code))].join('/');
    const how = [
      ...new Set(
        rows
          .map((x) => (x.direct_indirect === 'I' ? 'indirect' : x.direct_indirect === 'D' ? 'direct' : null))
          .filter(Boolean),
      ),
    ].join(' and ');
    const units = rows.filter((x) => x.table_kind === 'derivative').reduce((s, x) => s + (x.shares ?? 0), 0);
    facts.push(
      fact(
        `${r.owners} (${r.role ?? 'insider'}) code ${codes} shares`,
        shares,
        'shares',
        source(r, { row: `${r.table_kind} rows` }),
      ),
    );
    if (units > 0)
      facts.push(
        fact(`${r.owners} code ${codes} derivative units`, units, 'units', source(r, { row: 'derivative rows' })),
      );
    facts.push(
      fact('Rule 10b5-1 plan', plan ? 'yes' : 'no', null, source(r)),
      fact('Rows', rows.length, 'rows', source(r)),
    );
    if (r.transaction_date) facts.push(fact('Transaction date', r.transaction_date, 'date', source(r)));
    if (how) facts.push(fact('Ownership', how, null, source(r)));
    lines.push(
      `${r.transaction_date ?? dayOf(r.filed_at)} · ${r.ticker ?? ''} · ${r.owners} (${r.role ?? 'insider'}): code ${codes}, ${rows.length} row${rows.length === 1 ? '' : 's'}, ${fmtNumber(shares)} shares of stock${units > 0 ? ` and ${fmtNumber(units)} derivative units (options, RSUs)` : ''}${how ? `, ${how}` : ''}${plan ? ', under a Rule 10b5-1 plan' : ''} ${cite(acc)}`,
    );
  }
  return {
    facts,
    lines,
    coverage: coverageOf(scope, filingsScanned),
    caveats:
      args.codes?.includes('P') || args.codes?.includes('S')
        ? [
            'Only codes P and S are open-market purchases and sales; grants (A), tax withholding (F), exercises (M) and gifts (G) are not.',
          ]
        : [],
  };
}

/** The insider's transactions and the name to use (the profile's when found by CIK). */
async function loadInsiderTransactions(
  db: Db,
  insider: KnownInsider,
): Promise<{ txs: InsiderTransaction[]; name: string }> {
  try {
    if (insider.cik != null) {
      const profile = await getInsiderByCik(db, { cik: insider.cik });
      return { txs: profile.transactions, name: profile.name };
    }
    const found = await getInsiderByName(db, { name: insider.name });
    return { txs: found.kind === 'profile' ? found.profile.transactions : [], name: insider.name };
  } catch {
    return { txs: [], name: insider.name };
  }
}

/** The transactions inside the scope: its companies, and its window applied to the trade's own date. */
function transactionsInScope(txs: InsiderTransaction[], scope: Scope): InsiderTransaction[] {
  // Windows apply to the trade's own date (a Form 4 is filed up to two business days later).
  const fromDay = dayOf(scope.from?.toISOString() ?? null);
  const toDay = dayOf(upper(scope).toISOString());
  return txs.filter(
    (t) =>
      (!scope.ciks?.length || (t.issuer_cik != null && scope.ciks.includes(t.issuer_cik))) &&
      (!fromDay || t.date >= fromDay) &&
      (!toDay || t.date < toDay || (!scope.to && t.date === toDay)) &&
      t.filed_at <= scope.until.toISOString(),
  );
}

const txSource = (t: InsiderTransaction, accessionNo = t.accession_no) =>
  source({
    id: t.filing_id,
    accession_no: accessionNo,
    form_type: t.form,
    filed_at: t.filed_at,
    accepted_at: null,
    url: t.link,
    ticker: t.ticker,
  });

/** Nothing of the asked codes: say which codes the insider's filings in scope do show. */
function noMatchingTransactions(
  name: string,
  what: string,
  inScope: InsiderTransaction[],
  scope: Scope,
  scanned: number,
): ToolResult {
  const others = [...new Set(inScope.map((t) => t.code).filter(Boolean))] as string[];
  const res = empty(`${what} by ${name}`, scope, scanned);
  const facts: Fact[] = [];
  for (const t of inScope.slice(0, 6))
    facts.push(
      fact(
        `${name} code ${t.code}`,
        t.code_words,
        null,
        source({ ...t, id: t.filing_id, form_type: t.form, accepted_at: null, url: t.link }),
      ),
    );
  if (others.length)
    res.lines.push(
      `${name}'s filings${windowWords(scope)} show only: ${others.map((c) => `code ${c} (${transactionCodeWords(c)})`).join(', ')} ${[...new Set(inScope.map((t) => cite(t.accession_no)))].join(' ')}`,
    );
  return { ...res, facts };
}

/** One filing's rows of the asked codes: its facts (each with the filing as source) and its line. */
function filingTransactions(acc: string, rows: InsiderTransaction[]): { facts: Fact[]; line: string } {
  const t = rows[0]!;
  const src = txSource(t, acc);
  const stock = rows.filter((r) => !r.derivative);
  const shares = stock.reduce((s, r) => s + (r.shares ?? 0), 0);
  const value = Math.round(stock.reduce((s, r) => s + (r.value ?? 0), 0) * 100) / 100;
  const codes = [...new Set(rows.map((r) => r.code))].join('/');
  const plan = rows.some((r) => r.is_10b5_1);
  const how = [...new Set(rows.map((r) => r.ownership).filter(Boolean))].join(' and ');
  const after = stock.at(-1)?.shares_after ?? null;
  const units = rows.filter((r) => r.derivative).reduce((s, r) => s + (r.shares ?? 0), 0);
  const facts: Fact[] = [];
  if (units > 0) facts.push(fact(`Code ${codes} derivative units`, units, 'units', src));
  facts.push(fact(`Code ${codes} rows`, rows.length, 'rows', src), fact('Transaction date', t.date, 'date', src));
  facts.push(fact(`Code ${codes} shares of stock`, shares, 'shares', src));
  if (value > 0) facts.push(fact(`Code ${codes} value`, value, 'USD', src));
  facts.push(fact('Rule 10b5-1 plan', plan ? 'yes' : 'no', null, src));
  if (how) facts.push(fact('Ownership', how, null, src));
  if (after != null) facts.push(fact('Shares held after', after, 'shares', src));
  const words = rows.map((r) => r.code_words).filter((w, i, a) => a.indexOf(w) === i);
  const line = `${t.date} · ${t.ticker ?? t.company ?? ''} · ${t.form}: code ${codes} (${words.join(', ')}), ${rows.length} row${rows.length === 1 ? '' : 's'}, ${fmtNumber(shares)} shares of stock${value > 0 ? ` worth ${fmtMoney(value)}` : ''}${units > 0 ? ` and ${fmtNumber(units)} derivative units (options, RSUs)` : ''}${how ? `, ${how}` : ''}${plan ? ', under a Rule 10b5-1 plan' : ', not marked as a Rule 10b5-1 plan'}${after != null ? `; ${fmtNumber(after)} shares held after` : ''} ${cite(acc)}`;
  return { facts, line };
}

/** One insider's Form 3/4/5 history (the insider profile service), optionally some codes or a window. */
export async function insiderHistory(
  db: Db,
  scope: Scope,
  args: { insider: KnownInsider; codes: string[] | null; codesLabel: string | null },
): Promise<ToolResult> {
  const { txs, name } = await loadInsiderTransactions(db, args.insider);
  const inScope = transactionsInScope(txs, scope);
  const scanned = new Set(inScope.map((t) => t.accession_no)).size;
  const matching = args.codes ? inScope.filter((t) => t.code && args.codes!.includes(t.code)) : inScope;
  const what = args.codesLabel ?? 'transactions';
  if (matching.length === 0) return noMatchingTransactions(name, what, inScope, scope, scanned);
  const perFiling = new Map<string, InsiderTransaction[]>();
  for (const t of matching) perFiling.set(t.accession_no, [...(perFiling.get(t.accession_no) ?? []), t]);
  const first = matching[0]!;
  const facts: Fact[] = [
    fact('Transactions', matching.length, 'transactions', txSource(first)),
    fact('Filings', perFiling.size, 'filings', txSource(first)),
  ];
  const lines = [
    `${name}: ${matching.length} ${what} in ${perFiling.size} filing${perFiling.size === 1 ? '' : 's'}${windowWords(scope)}:`,
  ];
  for (const [acc, rows] of [...perFiling].slice(0, 8)) {
    const one = filingTransactions(acc, rows);
    facts.push(...one.facts);
    lines.push(one.line);
  }
  return { facts, lines, coverage: coverageOf(scope, scanned), caveats: [] };
}

/** 13D/13G stakes and their amendments. */
export async function stakes(db: Db, scope: Scope, args: { forms: string[] }): Promise<ToolResult> {
  const hits = await repo.findFilings(db, {
    ...inScope(scope),
    forms: args.forms,
    limit: LIST_LIMIT,
  });
  if (hits.length === 0) return empty('13D/13G stake filings', scope, 0);
  const facts: Fact[] = [];
  const lines = [
    `${hits[0]!.total} 13D/13G filing${hits[0]!.total === 1 ? '' : 's'}${scope.labels.length ? ` on ${scope.labels.join(', ')}` : ''}${windowWords(scope)}:`,
  ];
  for (const h of hits) {
    const src = source(h);
    facts.push(fact('Form', h.form_type, null, src));
    if (h.filer_name) facts.push(fact('Filer', h.filer_name, null, src));
    if (h.percent_of_class != null) facts.push(fact('Percent of class', h.percent_of_class, '%', src));
    if (h.amends_accession_no) facts.push(fact('Amends', h.amends_accession_no, null, src));
    const amendment = h.form_type.endsWith('/A');
    lines.push(
      `${filedDayText(h)} · ${who(h)} · ${h.form_type}${amendment ? ' (an amendment)' : ''}: ${h.filer_name ? `${h.filer_name}` : 'filer not parsed'}${h.percent_of_class != null ? `, ${h.percent_of_class}% of the class` : ''}${h.amends_accession_no ? `, amending ${h.amends_accession_no}` : amendment ? ', the original is not in our data' : ''} ${cite(h.accession_no)}`,
    );
  }
  return { facts, lines, coverage: coverageOf(scope, hits[0]!.total), caveats: [] };
}

/** Dates: the latest filing of each form asked about (period too), and any NT (late) notices. */
export async function filingDates(db: Db, scope: Scope, args: { forms: string[] }): Promise<ToolResult> {
  const facts: Fact[] = [];
  const lines: string[] = [];
  let scanned = 0;
  const forms = [
    ...new Set([...args.forms, ...args.forms.filter((f) => f === '10-Q' || f === '10-K').map((f) => `NT ${f}`)]),
  ];
  for (const form of forms) {
    const hits = await repo.findFilings(db, {
      ...inScope(scope),
      forms: [form],
      limit: scope.ciks && scope.ciks.length > 1 ? scope.ciks.length * 3 : 1,
    });
    scanned += hits[0]?.total ?? 0;
    const seen = new Set<number | null>();
    for (const h of hits) {
      if (seen.has(h.cik)) continue;
      seen.add(h.cik);
      const src = source(h);
      facts.push(filedFact(`${who(h)} last ${form} filed`, h, src));
      if (h.period_of_report) facts.push(fact('Period of report', h.period_of_report, 'date', src));
      lines.push(
        form.startsWith('NT ')
          ? `${who(h)} filed a late-filing notice (${h.form_type}) on ${filedDayText(h)} ${cite(h.accession_no)}`
          : h.filed_date_unknown
            ? `${who(h)}'s last ${form}${h.period_of_report ? ` is for the period ended ${h.period_of_report}` : ''}; ${filedDayText(h)} ${cite(h.accession_no)}`
            : `${who(h)}'s last ${form} was filed on ${filedDayText(h)}${h.period_of_report ? ` for the period ended ${h.period_of_report}` : ''} ${cite(h.accession_no)}`,
      );
    }
    if (hits.length === 0)
      lines.push(
        form.startsWith('NT ')
          ? `No late-filing notice (${form}) in our data${scope.labels.length ? ` for ${scope.labels.join(', ')}` : ''}${windowWords(scope)}.`
          : `No ${form} in our data${scope.labels.length ? ` for ${scope.labels.join(', ')}` : ''}${windowWords(scope)}.`,
      );
  }
  return { facts, lines, coverage: coverageOf(scope, scanned), caveats: [] };
}

/** Counts per company (comparisons put companies side by side). */
export async function countFilings(
  db: Db,
  scope: Scope,
  args: { forms: string[]; items: string[]; levels: number[] },
): Promise<ToolResult> {
  if (!scope.ciks?.length) return empty('companies to count filings for', scope, 0);
  const rows = await repo.countFilings(db, {
    ciks: scope.ciks,
    forms: args.forms,
    items: args.items,
    levels: args.levels,
    from: scope.from,
    to: upper(scope),
  });
  const what =
    `${args.forms.join('/') || ''}${args.items.length ? ` 8-K item ${args.items.join('/')}` : ''} filings`.trim();
  const facts: Fact[] = [];
  const lines: string[] = [];
  for (const r of rows) {
    const label = r.ticker ?? r.company_name ?? `CIK ${r.cik}`;
    const newest = r.accessions[0];
    lines.push(
      `${label}: ${r.n} ${r.n === 1 ? what.replace(/filings$/, 'filing') : what}${windowWords(scope)}${newest ? ` (newest ${cite(newest)})` : ''}`,
    );
    if (newest)
      facts.push(
        fact(`${label} ${what} count`, r.n, 'filings', {
          accessionNo: newest,
          form: args.forms[0] ?? '',
          filedAt: '',
          acceptedAt: null,
          item: null,
          row: null,
          url: null,
          viewUrl: null,
        }),
      );
  }
  return {
    facts,
    lines,
    coverage: coverageOf(
      scope,
      rows.reduce((s, r) => s + r.n, 0),
    ),
    caveats: [],
  };
}

/** When the caller was alerted: their own alert rows (accepted, detected, queued, sent). */
export async function alertReceipts(
  db: Db,
  scope: Scope,
  args: { userId: string; forms: string[] },
): Promise<ToolResult> {
  const rows = await repo.alertReceipts(db, {
    userId: args.userId,
    ciks: scope.ciks,
    forms: args.forms,
    from: scope.from,
    to: upper(scope),
    limit: LIST_LIMIT,
  });
  if (rows.length === 0) return empty('alerts sent to you', scope, 0);
  const facts: Fact[] = [];
  const lines = [
    `Your alerts${scope.labels.length ? ` for ${scope.labels.join(', ')}` : ''}${windowWords(scope)} (times in UTC):`,
  ];
  for (const r of rows) {
    const src = source(r);
    if (r.accepted_at) facts.push(fact('Accepted by EDGAR', r.accepted_at, 'time', src));
    if (r.detected_at) facts.push(fact('Detected by us', r.detected_at, 'time', src));
    facts.push(fact(`Alert queued (${r.channel})`, r.queued_at, 'time', src));
    if (r.sent_at) facts.push(fact(`Alert sent (${r.channel})`, r.sent_at, 'time', src));
    lines.push(
      `${who(r)} ${r.form_type}: accepted ${r.accepted_at ?? 'unknown'}, detected ${r.detected_at ?? 'unknown'}, ${r.channel} alert queued ${r.queued_at}, ${r.sent_at ? `sent ${r.sent_at}` : `not sent (${r.status})`} ${cite(r.accession_no)}`,
    );
  }
  return { facts, lines, coverage: coverageOf(scope, rows.length), caveats: [] };
}
