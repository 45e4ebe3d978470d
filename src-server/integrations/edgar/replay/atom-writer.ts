/** Writes the latest-filings Atom feed in EDGAR's own format (what browse-edgar?action=getcurrent returns). */
import type { ReplayFiling } from './replay-set';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** EDGAR prints Eastern time with its offset: 2026-01-12T11:27:39-05:00. */
export function easternIso(iso: string): string {
  const d = new Date(iso);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'shortOffset' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const m = /GMT([+-]\d+)/.exec(parts.timeZoneName ?? '');
  const offset = m?.[1] ? `${m[1][0]}${m[1].slice(1).padStart(2, '0')}:00` : '-05:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

export function atomFeed(filings: ReplayFiling[], baseUrl: string, now: Date): string {
  const entries = filings.map((f) => {
    const folder = `${baseUrl}/Archives/edgar/data/${f.cik}/${f.accessionNo.replace(/-/g, '')}`;
    const role = f.formType.match(/^[345](\/A)?$/) ? 'Issuer' : /13[DG]/.test(f.formType) ? 'Subject' : 'Filer';
    return [
      '<entry>',
      `<title>${esc(f.formType)} - ${esc(f.companyName)} (${String(f.cik).padStart(10, '0')}) (${role})</title>`,
      `<link rel="alternate" type="text/html" href="${folder}/${f.accessionNo}-index.htm"/>`,
      '<summary type="html">',
      ` &lt;b&gt;Filed:&lt;/b&gt; ${f.filedDate ?? ''} &lt;b&gt;AccNo:&lt;/b&gt; ${f.accessionNo} &lt;b&gt;Size:&lt;/b&gt; ${Math.max(1, Math.round(f.body.length / 1024))} KB`,
      '</summary>',
      ...(f.acceptedAt ? [`<updated>${easternIso(f.acceptedAt)}</updated>`] : []),
      `<category scheme="https://www.sec.gov/" label="form type" term="${esc(f.formType)}"/>`,
      `<id>urn:tag:sec.gov,2008:accession-number=${f.accessionNo}</id>`,
      '</entry>',
    ].join('\n');
  });
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
