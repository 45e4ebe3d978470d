/** Writes the latest-filings Atom feed in EDGAR's own format (what browse-edgar?action=getcurrent returns). */
import { nyOffsetMs, nyParts } from '#shared/us-calendar';
import type { ReplayFiling } from './replay-set';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** EDGAR prints Eastern time with its offset: 2026-01-12T11:27:39-05:00. */
export function easternIso(iso: string): string {
  const ms = Date.parse(iso);
  const p = nyParts(ms);
  const hours = nyOffsetMs(ms) / 3_600_000;
  const offset = `${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
  return `${p.date}T${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}${offset}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export interface AtomEntryInput {
  accessionNo: string;
  formType: string;
  companyName: string;
  cik: number;
  role: string;
  filedDate: string | null;
  /** ISO instant of acceptance. */
  acceptedAt: string | null;
  sizeBytes: number;
}

/** One `<entry>`: one (filing, party) pair, as EDGAR lists a Form 4 for its owner and its issuer. */
export function atomEntry(e: AtomEntryInput, baseUrl: string): string {
  const folder = `${baseUrl}/Archives/edgar/data/${e.cik}/${e.accessionNo.replace(/-/g, '')}`;
  return [
    '<entry>',
    `<title>${esc(e.formType)} - ${esc(e.companyName)} (${String(e.cik).padStart(10, '0')}) (${e.role})</title>`,
    `<link rel="alternate" type="text/html" href="${folder}/${e.accessionNo}-index.htm"/>`,
    '<summary type="html">',
    ` &lt;b&gt;Filed:&lt;/b&gt; ${e.filedDate ?? ''} &lt;b&gt;AccNo:&lt;/b&gt; ${e.accessionNo} &lt;b&gt;Size:&lt;/b&gt; ${Math.max(1, Math.round(e.sizeBytes / 1024))} KB`,
    '</summary>',
    ...(e.acceptedAt ? [`<updated>${easternIso(e.acceptedAt)}</updated>`] : []),
    `<category scheme="https://www.sec.gov/" label="form type" term="${esc(e.formType)}"/>`,
    `<id>urn:tag:sec.gov,2008:accession-number=${e.accessionNo}</id>`,
    '</entry>',
  ].join('\n');
}

/** The feed document around rendered entries; `<title>`/`<updated>` carry the generation time. */
export function atomDocument(entries: string[], now: Date): string {
  return [
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>Latest Filings - ${now.toUTCString()}</title>`,
    '<link rel="self" href="/cgi-bin/browse-edgar?action=getcurrent"/>',
    '<id>https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent</id>',
    '<author><name>Webmaster</name><email>webmaster@sec.gov</email></author>',
    `<updated>${easternIso(now.toISOString())}</updated>`,
    ...entries,
    '</feed>',
  ].join('\n');
}

/** The role a recorded filing's single feed entry carries. */
export function replayRole(formType: string): string {
  return /^[345](\/A)?$/.test(formType) ? 'Issuer' : /13[DG]/.test(formType) ? 'Subject' : 'Filer';
}

export function atomFeed(filings: ReplayFiling[], baseUrl: string, now: Date): string {
  const entries = filings.map((f) =>
    atomEntry(
      {
        accessionNo: f.accessionNo,
        formType: f.formType,
        companyName: f.companyName,
        cik: f.cik,
        role: replayRole(f.formType),
        filedDate: f.filedDate,
        acceptedAt: f.acceptedAt,
        sizeBytes: f.sizeBytes,
      },
      baseUrl,
    ),
  );
  return atomDocument(entries, now);
}
