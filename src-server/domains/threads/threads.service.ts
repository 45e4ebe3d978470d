/**
 * Story threads: linking a stored filing to the company's other filings (thread-rules.ts), a
 * company's threads for its ticker page, the "follows ..." line of an alert, and an admin's undo.
 */
import { AppError } from '#shared/app-error';
import { formName } from '#shared/spoken-forms';
import type { Db } from '../../db/client';
import { zonedFormat } from '../alerts/zoned-format';
import { isThreadForm, planLinks, RULE_BY_KIND, type LinkWhy } from './thread-rules';
import * as repo from './threads.repo';

/** How far apart two filings of one story can be (a 13D's amendments, an S-1's long road). */
const LOOK_DAYS = 540;

/** Links the filing into its company's threads; returns the links made. Idempotent. */
export async function linkFiling(db: Db, { filingId }: { filingId: number }): Promise<number> {
  const x = await repo.threadFiling(db, { filingId });
  if (!x || !isThreadForm(x.formType)) return 0;
  const others = await repo.candidates(db, { cik: x.cik, around: x.filedAt, days: LOOK_DAYS });
  const { links, replaces } = planLinks(x, others);
  return db.transaction(async (tx) => {
    await repo.removeReplaced(tx, { pairs: replaces });
    return repo.insertLinks(tx, {
      links: links.map((l) => ({ cik: x.cik, fromId: l.from.id, toId: l.to.id, kind: l.kind, matched: l.why })),
    });
  });
}

/** Undoes a link (admin): it stops showing and the linker never makes it again. */
export async function undoLink(
  db: Db,
  { linkId, adminUserId }: { linkId: number; adminUserId: string },
): Promise<{ id: number; undoneAt: string }> {
  const row = await repo.undoLink(db, { linkId, adminUserId });
  if (!row) throw new AppError('NOT_FOUND', 'No thread link with that id.', { reason: 'thread_link_not_found' });
  return { id: Number(row.id), undoneAt: new Date(row.undone_at).toISOString() };
}

export interface ThreadFilingDto {
  id: number;
  accession_no: string;
  form: string;
  form_name: string;
  /** Only the reported period's end (it orders) when filed_date_unknown. */
  filed_at: string;
  filed_date_unknown: boolean;
  importance: string;
  one_liner: string;
  link: string | null;
}

export interface ThreadLinkDto {
  id: number;
  kind: string;
  from_id: number;
  to_id: number;
  why: string;
  fields: LinkWhy['fields'];
}

export interface ThreadDto {
  /** The thread's first link id (or 'nt-<filing id>' for a notice nothing followed yet). */
  id: string;
  title: string;
  /** Late-report threads: 'open' until the report arrives. */
  status: 'open' | 'closed' | null;
  filings: ThreadFilingDto[];
  links: ThreadLinkDto[];
  updated_at: string;
}

const nodeDto = (n: repo.NodeRow): ThreadFilingDto => ({
  id: Number(n.id),
  accession_no: n.accession_no,
  form: n.form_type,
  form_name: formName(n.form_type),
  filed_at: new Date(n.filed_at).toISOString(),
  filed_date_unknown: n.filed_date_unknown === true,
  importance: n.importance,
  one_liner: n.one_liner,
  link: n.link,
});

/** A company's threads, the most recently extended first: connected links, plus open late-filing notices. */
export async function companyThreads(
  db: Db,
  { cik, limit = 20 }: { cik: number; limit?: number },
): Promise<ThreadDto[]> {
  const { links, nodes, notices } = await repo.companyThreads(db, { cik, limit: 500 });
  const byId = new Map(nodes.map((n) => [Number(n.id), n]));
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  for (const l of links) {
    const a = find(Number(l.from_filing_id));
    const b = find(Number(l.to_filing_id));
    if (a !== b) parent.set(a, b);
  }
  const groups = new Map<number, repo.LinkRow[]>();
  for (const l of links) {
    const root = find(Number(l.from_filing_id));
    groups.set(root, [...(groups.get(root) ?? []), l]);
  }
  const threads: ThreadDto[] = [];
  for (const group of groups.values()) {
    const ids = [...new Set(group.flatMap((l) => [Number(l.from_filing_id), Number(l.to_filing_id)]))];
    const filings = ids
      .map((id) => byId.get(id))
      .filter((n): n is repo.NodeRow => Boolean(n))
      .map(nodeDto)
      .sort((a, b) => a.filed_at.localeCompare(b.filed_at));
    const ordered = [...group].sort((a, b) => Number(a.id) - Number(b.id));
    const late = group.some((l) => l.kind === 'late_report');
    threads.push({
      id: String(ordered[0]!.id),
      title: threadTitle(
        group.map((l) => l.kind),
        filings,
      ),
      status: late ? 'closed' : null,
      filings,
      links: ordered.map((l) => ({
        id: Number(l.id),
        kind: l.kind,
        from_id: Number(l.from_filing_id),
        to_id: Number(l.to_filing_id),
        why: l.matched.why,
        fields: l.matched.fields,
      })),
      updated_at: filings.at(-1)?.filed_at ?? new Date(0).toISOString(),
    });
  }
  const linked = new Set(links.flatMap((l) => (l.kind === 'late_report' ? [Number(l.from_filing_id)] : [])));
  for (const notice of notices) {
    if (linked.has(Number(notice.id))) continue;
    const dto = nodeDto(notice);
    threads.push({
      id: `nt-${dto.id}`,
      title: `Late ${dto.form.replace(/^NT /i, '')}: waiting for the report`,
      status: 'open',
      filings: [dto],
      links: [],
      updated_at: dto.filed_at,
    });
  }
  return threads.sort((a, b) => b.updated_at.localeCompare(a.updated_at)).slice(0, limit);
}

function threadTitle(kinds: string[], filings: ThreadFilingDto[]): string {
  if (kinds.includes('stake_amendment') || kinds.includes('passive_to_active')) {
    const path = filings.map((f) => /(\d+(?:\.\d+)?)%/.exec(f.one_liner)?.[1]).filter(Boolean);
    const title = RULE_BY_KIND.get(
      kinds.includes('passive_to_active') ? 'passive_to_active' : 'stake_amendment',
    )!.title;
    return path.length > 1 ? `${title}: ${path.map((p) => `${p}%`).join(' -> ')}` : title;
  }
  if (kinds.includes('late_report'))
    return `Late ${filings.find((f) => !/^NT /i.test(f.form))?.form ?? 'report'}: filed`;
  return RULE_BY_KIND.get(kinds[0]!)?.title ?? 'Related filings';
}

const FOLLOWS_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/** "follows the Form 144 of May 2" per filing (the newest earlier filing it is linked to), in the reader's zone. */
export async function followsLines(
  db: Db,
  { filingIds, timeZone }: { filingIds: number[]; timeZone: string },
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const row of await repo.linksInto(db, { filingIds })) {
    if (out.has(row.to_filing_id)) continue;
    out.set(
      row.to_filing_id,
      `follows the ${formName(row.form_type)} of ${zonedFormat(timeZone, FOLLOWS_DATE).format(row.filed_at)}`,
    );
  }
  return out;
}
