/** The latest-filings Atom feed (browse-edgar?action=getcurrent&output=atom). */
import { decodeEntities } from '../../edgar-model/parse/text';

export interface FeedEntry {
  accessionNo: string;
  formType: string;
  companyName: string;
  cik: number;
  /** 'Filer', 'Issuer', 'Reporting', 'Subject', 'Filed by' ... */
  role: string;
  indexUrl: string | null;
  filedDate: string | null;
  /** EDGAR's acceptance time for the filing, when the entry carries one. */
  updated: string | null;
}

/** One filing: Form 4s appear twice (Reporting and Issuer); the company entry is preferred. */
export interface FeedFiling extends FeedEntry {
  parties: { cik: number; role: string; name: string }[];
}

function tag(block: string, name: string): string | null {
  const m = new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`).exec(block);
  return m?.[1] != null ? decodeEntities(m[1].trim()) : null;
}

export function parseAtomFeed(xml: string): FeedEntry[] {
  const entries: FeedEntry[] = [];
  for (const m of xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)) {
    const block = m[1] ?? '';
    const title = tag(block, 'title') ?? '';
    const t = /^(.*?) - (.*) \((\d{1,10})\) \(([^)]+)\)\s*$/.exec(title);
    const id = tag(block, 'id') ?? '';
    const summary = decodeEntities(tag(block, 'summary') ?? '');
    const accession =
      /accession-number=(\d{10}-\d{2}-\d{6})/.exec(id)?.[1] ?? /AccNo:<\/b>\s*(\d{10}-\d{2}-\d{6})/.exec(summary)?.[1];
    const form = /<category[^>]*term="([^"]+)"/.exec(block)?.[1] ?? t?.[1];
    if (!accession || !form || !t) continue;
    const updated = tag(block, 'updated');
    entries.push({
      accessionNo: accession,
      formType: decodeEntities(form),
      companyName: t[2] ?? '',
      cik: Number(t[3]),
      role: t[4] ?? '',
      indexUrl: /<link[^>]*href="([^"]+)"/.exec(block)?.[1] ?? null,
      filedDate: /Filed:<\/b>\s*(\d{4}-\d{2}-\d{2})/.exec(summary)?.[1] ?? null,
      updated: updated && !Number.isNaN(Date.parse(updated)) ? new Date(updated).toISOString() : null,
    });
  }
  return entries;
}

const COMPANY_ROLES = ['Issuer', 'Subject', 'Filer'];

/** Groups entries by accession number, newest first as in the feed. */
export function feedFilings(entries: FeedEntry[]): FeedFiling[] {
  const byAccession = new Map<string, FeedFiling>();
  for (const entry of entries) {
    const party = { cik: entry.cik, role: entry.role, name: entry.companyName };
    const existing = byAccession.get(entry.accessionNo);
    if (!existing) {
      byAccession.set(entry.accessionNo, { ...entry, parties: [party] });
      continue;
    }
    existing.parties.push(party);
    if (COMPANY_ROLES.includes(entry.role) && !COMPANY_ROLES.includes(existing.role)) {
      Object.assign(existing, {
        cik: entry.cik,
        role: entry.role,
        companyName: entry.companyName,
        indexUrl: entry.indexUrl,
      });
    }
  }
  return [...byAccession.values()];
}
