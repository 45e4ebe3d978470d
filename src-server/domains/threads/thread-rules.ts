/**
 * Which filings of one company belong to one story, as pure rules over pairs (earlier, later).
 * Each hit says why in words and lists the fields that matched, so a link can be read, checked
 * and undone. `nearest` rules link a filing only to its closest partner (the next 5.02, the 10-Q
 * that follows the results 8-K); `all` rules link every partner (a Form 144's several Form 4s).
 */
import { addDays } from '#shared/calendar';
import { formName } from '#shared/spoken-forms';
import type { FilingDetail, OfficerChange, OwnershipDetail } from '../../edgar-model/parse/types';

export interface ThreadFiling {
  id: number;
  cik: number;
  formType: string;
  filedAt: Date;
  periodOfReport: string | null;
  items: string[];
  filerCik: number | null;
  detail: FilingDetail | null;
}

export interface LinkWhy {
  why: string;
  fields: { field: string; from: string; to: string }[];
}

export interface ThreadRule {
  kind: string;
  /** How the thread reads on the ticker page. */
  title: string;
  from: (f: ThreadFiling) => boolean;
  to: (f: ThreadFiling) => boolean;
  match: (a: ThreadFiling, b: ThreadFiling) => LinkWhy | null;
  pick: 'nearest' | 'all';
}

const form = (f: ThreadFiling) => f.formType.trim().toUpperCase();
const day = (d: Date) => d.toISOString().slice(0, 10);
const daysBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 86_400_000;
const within = (a: ThreadFiling, b: ThreadFiling, days: number) =>
  daysBetween(a.filedAt, b.filedAt) >= 0 && daysBetween(a.filedAt, b.filedAt) <= days;
const has8KItem = (item: string) => (f: ThreadFiling) => form(f).startsWith('8-K') && f.items.includes(item);
const isForm =
  (...names: string[]) =>
  (f: ThreadFiling) =>
    names.includes(form(f));
const is13 = (schedule: 'D' | 'G', amendment: boolean | null) => (f: ThreadFiling) => {
  const m = /^(?:SC|SCHEDULE) 13([DG])(\/A)?$/.exec(form(f));
  return Boolean(m && m[1] === schedule && (amendment == null || Boolean(m[2]) === amendment));
};
const ownership = (f: ThreadFiling): OwnershipDetail | null => (f.detail?.kind === 'ownership' ? f.detail : null);
const fmtShares = (n: number) => Math.round(n).toLocaleString('en-US');

/** Name tokens without case, punctuation or order ("Maestri Luca" = "Luca Maestri"). */
function sameName(a: string | null | undefined, b: string | null | undefined): boolean {
  const tokens = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9 ]/g, ' ')
      .split(/\s+/)
      .filter((t) => t.length > 1);
  if (!a || !b) return false;
  const ta = new Set(tokens(a));
  const tb = tokens(b);
  if (ta.size < 2 || tb.length < 2) return false;
  const shared = tb.filter((t) => ta.has(t)).length;
  return shared >= 2 && shared >= Math.min(ta.size, tb.length);
}

function filerOf(f: ThreadFiling): number | null {
  if (f.detail?.kind === 'beneficial') return f.detail.filer.cik ?? f.filerCik;
  return f.filerCik;
}

const percent = (f: ThreadFiling) => (f.detail?.kind === 'beneficial' ? f.detail.percentOfClass : null);
const pct = (v: number | null) => (v == null ? 'not stated' : `${v}%`);

/** Form 144 (proposed sale) -> the Form 4 that reports it: same person, sale within the notice's window, shares within the notice. */
const saleNoticeToTrade: ThreadRule = {
  kind: 'sale_notice_trade',
  title: 'Proposed sale and the reported trade',
  pick: 'all',
  from: (f) => f.detail?.kind === 'sale_notice',
  to: (f) => ownership(f) != null && form(f).startsWith('4'),
  match(a, b) {
    if (a.detail?.kind !== 'sale_notice') return null;
    const notice = a.detail;
    const o = ownership(b)!;
    const owner = o.owners.find(
      (w) =>
        (notice.filerCik != null && w.cik === notice.filerCik) ||
        sameName(notice.personName, w.displayName) ||
        sameName(notice.personName, w.name),
    );
    if (!owner) return null;
    const noticeDay = notice.noticeDate ?? day(a.filedAt);
    const last = addDays(noticeDay, 90);
    const sales = o.rows.filter(
      (r) =>
        !r.isHolding &&
        r.code === 'S' &&
        r.transactionDate &&
        r.transactionDate >= addDays(noticeDay, -1) &&
        r.transactionDate <= last,
    );
    if (sales.length === 0) return null;
    const sold = sales.reduce((sum, r) => sum + (r.shares ?? 0), 0);
    if (notice.shares != null && sold > notice.shares * 1.01) return null;
    const dates = [...new Set(sales.map((r) => r.transactionDate!))].sort();
    const byCik = notice.filerCik != null && owner.cik === notice.filerCik;
    return {
      why: `${owner.displayName} sold ${fmtShares(sold)} shares on ${dates.join(', ')}, within the Form 144 notice of ${noticeDay} for ${notice.shares != null ? fmtShares(notice.shares) : 'an unstated number of'} shares.`,
      fields: [
        {
          field: byCik ? 'person (CIK)' : 'person (name)',
          from: notice.personName ?? String(notice.filerCik),
          to: owner.displayName,
        },
        { field: 'shares', from: notice.shares != null ? fmtShares(notice.shares) : 'not stated', to: fmtShares(sold) },
        { field: 'sale date', from: notice.approxSaleDate ?? noticeDay, to: dates.join(', ') },
      ],
    };
  },
};

/** First names that agree as written or as a short form ("Doug" and "Douglas"), with the same surname. */
function sameSurnameAndFirst(a: string, b: string): boolean {
  const parts = (s: string) =>
    s
      .toLowerCase()
      .replace(/,?\s(?:jr|sr|ii|iii|iv)\.?$/, '')
      .replace(/[^a-z -]/g, ' ')
      .split(/\s+/)
      .filter((t) => t.length > 1);
  const pa = parts(a);
  const pb = parts(b);
  if (pa.length < 2 || pb.length < 2 || pa.at(-1) !== pb.at(-1)) return false;
  const [fa, fb] = [pa[0]!, pb[0]!];
  return fa.length >= 3 && fb.length >= 3 && (fa.startsWith(fb) || fb.startsWith(fa));
}

const CHANGE_WORDS: Record<OfficerChange['change'], string> = {
  departure: 'departure',
  appointment: 'appointment',
  role_change: 'change of role',
  compensation: 'pay',
  named: 'named',
};

const officerPeople = (f: ThreadFiling): OfficerChange[] | null =>
  f.detail?.kind === 'current' && f.detail.people ? f.detail.people : null;

/**
 * 8-K item 5.02 (officer/director change) -> the Form 3 and Form 4s of a person it names (Form 3
 * within 30 days, Form 4 within 60), matched by name against the reporting owner. A 5.02 stored
 * before names were read (no `people`) falls back to any officer's or director's Form 3 within 30
 * days; one whose text named nobody links to nothing by person.
 */
const officerChangeToInsider: ThreadRule = {
  kind: 'officer_change_insider',
  title: 'Officer or director change',
  pick: 'all',
  from: has8KItem('5.02'),
  to: (f) => /^[34](\/A)?$/.test(form(f)) && ownership(f) != null,
  match(a, b) {
    const initial = form(b).startsWith('3');
    if (!within(a, b, initial ? 30 : 60)) return null;
    const owners = ownership(b)!.owners;
    const days = Math.round(daysBetween(a.filedAt, b.filedAt));
    const people = officerPeople(a);
    if (people) {
      for (const person of people) {
        const owner = owners.find(
          (o) =>
            sameName(person.name, o.displayName) ||
            sameName(person.name, o.name) ||
            sameSurnameAndFirst(person.name, o.displayName),
        );
        if (!owner) continue;
        const role = person.role ?? owner.officerTitle ?? (owner.isDirector ? 'Director' : 'Officer');
        return {
          why: `${owner.displayName} (${role}), named in the 8-K's item 5.02 (${CHANGE_WORDS[person.change]}), filed ${initial ? 'an initial Form 3' : 'a Form 4'} ${days} days later.`,
          fields: [
            { field: 'person (name)', from: person.name, to: owner.displayName },
            {
              field: 'role',
              from: person.role ?? 'not stated',
              to: owner.officerTitle ?? (owner.isDirector ? 'Director' : 'not stated'),
            },
            { field: 'filed', from: day(a.filedAt), to: day(b.filedAt) },
          ],
        };
      }
      return null;
    }
    if (!initial) return null;
    const owner = owners.find((o) => o.isOfficer || o.isDirector);
    if (!owner) return null;
    const role = owner.officerTitle ?? (owner.isDirector ? 'Director' : 'Officer');
    return {
      why: `${owner.displayName} (${role}) filed an initial Form 3 ${days} days after the 8-K reporting an officer or director change.`,
      fields: [
        { field: '8-K item', from: '5.02', to: 'Form 3' },
        { field: 'role', from: 'officer/director change', to: role },
        { field: 'filed', from: day(a.filedAt), to: day(b.filedAt) },
      ],
    };
  },
};

/** 8-K 5.02 -> the company's next 5.02. */
const officerChangeNext: ThreadRule = {
  kind: 'officer_change_next',
  title: 'Officer or director change',
  pick: 'nearest',
  from: has8KItem('5.02'),
  to: has8KItem('5.02'),
  match: (a, b) =>
    within(a, b, 365) && b.filedAt > a.filedAt
      ? {
          why: 'The next 8-K with item 5.02 (officer or director change) of the company.',
          fields: [
            { field: '8-K item', from: '5.02', to: '5.02' },
            { field: 'filed', from: day(a.filedAt), to: day(b.filedAt) },
          ],
        }
      : null,
};

/** Schedule 13D -> its amendments, one after another: the stake's path. */
const stakeAmendment: ThreadRule = {
  kind: 'stake_amendment',
  title: 'Activist stake',
  pick: 'nearest',
  from: is13('D', null),
  to: is13('D', true),
  match(a, b) {
    const filer = filerOf(a);
    if (filer == null || filer !== filerOf(b) || !(b.filedAt > a.filedAt)) return null;
    return {
      why: `Amendment by the same filer: stake ${pct(percent(a))} -> ${pct(percent(b))}.`,
      fields: [
        { field: 'filer (CIK)', from: String(filer), to: String(filerOf(b)) },
        { field: 'percent of class', from: pct(percent(a)), to: pct(percent(b)) },
      ],
    };
  },
};

/** Schedule 13G (passive) -> a 13D by the same holder: the holder turned active. */
const passiveToActive: ThreadRule = {
  kind: 'passive_to_active',
  title: 'Passive holder turned active',
  pick: 'nearest',
  from: is13('G', null),
  to: is13('D', false),
  match(a, b) {
    const filer = filerOf(a);
    if (filer == null || filer !== filerOf(b) || !(b.filedAt > a.filedAt)) return null;
    return {
      why: `The same holder moved from a passive Schedule 13G to an active Schedule 13D (${pct(percent(a))} -> ${pct(percent(b))}).`,
      fields: [
        { field: 'filer (CIK)', from: String(filer), to: String(filerOf(b)) },
        { field: 'schedule', from: '13G', to: '13D' },
        { field: 'percent of class', from: pct(percent(a)), to: pct(percent(b)) },
      ],
    };
  },
};

const REGISTRATION = ['S-1', 'S-1/A', 'F-1', 'F-1/A'];

/** S-1 -> S-1/A -> 424B4 (the final prospectus) -> the first Form 4s: a listing's story. */
const listingAmendment: ThreadRule = {
  kind: 'listing_amendment',
  title: 'New listing',
  pick: 'nearest',
  from: isForm(...REGISTRATION),
  to: isForm('S-1/A', 'F-1/A'),
  match: (a, b) =>
    within(a, b, 540) && b.filedAt > a.filedAt
      ? {
          why: `${formName(b.formType)} amends the registration statement.`,
          fields: [{ field: 'form', from: formName(a.formType), to: formName(b.formType) }],
        }
      : null,
};

const listingPricing: ThreadRule = {
  kind: 'listing_prospectus',
  title: 'New listing',
  pick: 'nearest',
  from: isForm(...REGISTRATION),
  to: isForm('424B4', '424B1'),
  match: (a, b) =>
    within(a, b, 540) && b.filedAt > a.filedAt
      ? {
          why: 'The final prospectus (424B4) of the registered offering.',
          fields: [{ field: 'form', from: formName(a.formType), to: formName(b.formType) }],
        }
      : null,
};

const listingFirstTrades: ThreadRule = {
  kind: 'listing_first_trades',
  title: 'New listing',
  pick: 'all',
  from: isForm('424B4', '424B1'),
  to: (f) => form(f) === '4' && ownership(f) != null,
  match: (a, b) =>
    within(a, b, 45)
      ? {
          why: `A first Form 4 after the listing (${Math.round(daysBetween(a.filedAt, b.filedAt))} days after the final prospectus).`,
          fields: [{ field: 'filed', from: day(a.filedAt), to: day(b.filedAt) }],
        }
      : null,
};

/** 8-K item 2.02 (results) -> the 10-Q/10-K of that period. */
const resultsToReport: ThreadRule = {
  kind: 'results_report',
  title: 'Results and the report',
  pick: 'nearest',
  from: has8KItem('2.02'),
  to: isForm('10-Q', '10-K'),
  match(a, b) {
    const period = b.periodOfReport;
    if (!period || !within(a, b, 75)) return null;
    const announced = day(a.filedAt);
    if (!(period <= announced && period >= addDays(announced, -120))) return null;
    return {
      why: `The ${formName(b.formType)} for the period ended ${period}, whose results the 8-K of ${announced} announced.`,
      fields: [
        { field: 'period', from: `results announced ${announced}`, to: `period ended ${period}` },
        { field: 'form', from: '8-K item 2.02', to: formName(b.formType) },
      ],
    };
  },
};

/** NT 10-K / NT 10-Q -> the late report itself. */
const lateReport: ThreadRule = {
  kind: 'late_report',
  title: 'Late report',
  pick: 'nearest',
  from: isForm('NT 10-K', 'NT 10-Q'),
  to: isForm('10-K', '10-Q'),
  match(a, b) {
    if (form(a).slice(3) !== form(b) || !within(a, b, 180)) return null;
    if (a.periodOfReport && b.periodOfReport && a.periodOfReport !== b.periodOfReport) return null;
    return {
      why: `The ${form(b)} the notice of late filing announced, filed ${Math.round(daysBetween(a.filedAt, b.filedAt))} days after it.`,
      fields: [
        { field: 'form', from: form(a), to: form(b) },
        { field: 'period', from: a.periodOfReport ?? 'not stated', to: b.periodOfReport ?? 'not stated' },
      ],
    };
  },
};

/** 8-K item 4.02 (do not rely on earlier financials) -> the restated 10-K/A or 10-Q/A. */
const restatement: ThreadRule = {
  kind: 'restatement',
  title: 'Restatement',
  pick: 'nearest',
  from: has8KItem('4.02'),
  to: isForm('10-K/A', '10-Q/A'),
  match: (a, b) =>
    within(a, b, 365) && b.filedAt > a.filedAt
      ? {
          why: `The amended report filed after the non-reliance 8-K of ${day(a.filedAt)}.`,
          fields: [
            { field: 'form', from: '8-K item 4.02', to: formName(b.formType) },
            { field: 'period', from: day(a.filedAt), to: b.periodOfReport ?? 'not stated' },
          ],
        }
      : null,
};

export const THREAD_RULES: readonly ThreadRule[] = [
  saleNoticeToTrade,
  officerChangeToInsider,
  officerChangeNext,
  stakeAmendment,
  passiveToActive,
  listingAmendment,
  listingPricing,
  listingFirstTrades,
  resultsToReport,
  lateReport,
  restatement,
];

export const RULE_BY_KIND = new Map(THREAD_RULES.map((r) => [r.kind, r]));

/** EDGAR forms any rule reads (the candidate query's filter). */
export function isThreadForm(formType: string): boolean {
  const f = formType.trim().toUpperCase();
  return (
    /^(144|3|4|8-K|NT 10-[KQ]|10-[KQ]|S-1|F-1|424B[14])(\/A)?$/.test(f) ||
    /^(SC|SCHEDULE) 13[DG]/.test(f) ||
    /^8-K/.test(f)
  );
}

export interface PlannedLink {
  kind: string;
  from: ThreadFiling;
  to: ThreadFiling;
  why: LinkWhy;
}

/**
 * The links a filing `x` makes with the company's other filings `others` (either side of it in
 * time). For `nearest` rules only the closest partner on each side; `replaces` lists the pairs of
 * the same kind that `x` now sits between (their link gives way to the two through `x`).
 */
export function planLinks(
  x: ThreadFiling,
  others: ThreadFiling[],
): { links: PlannedLink[]; replaces: { kind: string; fromId: number; toId: number }[] } {
  const links: PlannedLink[] = [];
  const replaces: { kind: string; fromId: number; toId: number }[] = [];
  const ordered = others
    .filter((o) => o.id !== x.id)
    .sort((a, b) => a.filedAt.getTime() - b.filedAt.getTime() || a.id - b.id);
  const before = (o: ThreadFiling) =>
    o.filedAt < x.filedAt || (o.filedAt.getTime() === x.filedAt.getTime() && o.id < x.id);
  for (const rule of THREAD_RULES) {
    const incoming: PlannedLink[] = [];
    const outgoing: PlannedLink[] = [];
    if (rule.to(x)) {
      for (const a of ordered) {
        if (!before(a) || !rule.from(a)) continue;
        const why = rule.match(a, x);
        if (why) incoming.push({ kind: rule.kind, from: a, to: x, why });
      }
    }
    if (rule.from(x)) {
      for (const b of ordered) {
        if (before(b) || !rule.to(b)) continue;
        const why = rule.match(x, b);
        if (why) outgoing.push({ kind: rule.kind, from: x, to: b, why });
      }
    }
    if (rule.pick === 'all') {
      links.push(...incoming, ...outgoing);
      continue;
    }
    const inNearest = incoming.at(-1);
    const outNearest = outgoing[0];
    if (inNearest) links.push(inNearest);
    if (outNearest) links.push(outNearest);
    if (inNearest && outNearest) replaces.push({ kind: rule.kind, fromId: inNearest.from.id, toId: outNearest.to.id });
  }
  return { links, replaces };
}
