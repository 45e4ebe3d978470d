/**
 * The archive files of a simulated filing: a full submission `.txt` in EDGAR's text-header
 * layout, with the accession number, form, acceptance time and companies of the simulated filing,
 * around the primary document of a recorded real filing of the same form family (a Form 4's
 * ownership XML with the issuer swapped in, an 8-K's cover document, a 13G...). Forms without a
 * recorded family member get a one-line document that says it is simulated. The parser reads
 * these like any EDGAR submission; they exist to be fetched, parsed, scored and alerted on, so
 * the benchmark runs the real pipeline. Sizes stay small (the recorded size only shapes lags).
 */
import { nyParts } from '#shared/us-calendar';
import { formFamily } from '../../../edgar-model/parse';
import { loadReplaySet, type ReplayFiling } from '../replay/replay-set';
import type { SimFiling } from './edgar-state';

interface Template {
  document: string;
  primaryName: string;
  itemLines: string[];
  ownerName: string | null;
  ownerCik: number | null;
}

const pad10 = (n: number) => String(n).padStart(10, '0');

function firstDocument(body: string): { text: string; name: string } | null {
  const m = /<DOCUMENT>[\s\S]*?<\/DOCUMENT>/.exec(body);
  if (!m) return null;
  const name = /<FILENAME>([^\s<]+)/.exec(m[0])?.[1] ?? 'primary.htm';
  return { text: m[0], name };
}

let templates: Map<string, Template> | null = null;

/** One recorded full submission per form family (the first in the replay set's order). */
function familyTemplates(set: ReplayFiling[] = loadReplaySet()): Map<string, Template> {
  if (templates) return templates;
  templates = new Map();
  for (const f of set) {
    if (f.kind !== 'submission') continue;
    const family = formFamily(f.formType);
    if (templates.has(family) || family === 'other') continue;
    if (family === 'ownership' && !f.body.includes('<ownershipDocument')) continue;
    const doc = firstDocument(f.body);
    if (!doc) continue;
    const header = f.body.slice(0, f.body.indexOf('</SEC-HEADER>'));
    const owner = /REPORTING-OWNER:[\s\S]*?COMPANY CONFORMED NAME:\s*(.+)\n\s*CENTRAL INDEX KEY:\s*(\d+)/.exec(header);
    templates.set(family, {
      document: doc.text,
      primaryName: doc.name,
      itemLines: header.split('\n').filter((l) => l.startsWith('ITEM INFORMATION:')),
      ownerName: owner?.[1]?.trim() ?? null,
      ownerCik: owner?.[2] ? Number(owner[2]) : null,
    });
  }
  return templates;
}

/** The recorded owner a simulated Form 3/4/5 reports for (its feed entry carries the same one). */
export function simulatedOwner(): { cik: number; name: string } | null {
  const t = familyTemplates().get('ownership');
  return t?.ownerCik && t.ownerName ? { cik: t.ownerCik, name: t.ownerName } : null;
}

/** EDGAR's ACCEPTANCE-DATETIME: New York wall clock, YYYYMMDDHHMMSS. */
function acceptanceStamp(ms: number): string {
  const p = nyParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.date.replace(/-/g, '')}${two(p.hour)}${two(p.minute)}${two(p.second)}`;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function section(title: string, name: string, cik: number): string[] {
  return [
    `${title}:`,
    '',
    '\tCOMPANY DATA:\t',
    `\t\tCOMPANY CONFORMED NAME:\t\t\t${name}`,
    `\t\tCENTRAL INDEX KEY:\t\t\t${pad10(cik)}`,
    '',
  ];
}

/** `<accession>.txt`, the same text as `-index-headers.html`, and the primary document by name. */
export function simulatedFiles(f: SimFiling): Map<string, string> {
  const family = formFamily(f.formType);
  const t = familyTemplates().get(family);
  const stamp = f.acceptedAt != null ? acceptanceStamp(f.acceptedAt) : '';
  const filed = (f.filingDate ?? '').replace(/-/g, '');
  let document: string;
  let primaryName: string;
  if (t) {
    document = t.document;
    primaryName = t.primaryName;
    if (family === 'ownership') {
      document = document
        .replace(/<documentType>[^<]*<\/documentType>/, `<documentType>${xmlEscape(f.formType)}</documentType>`)
        .replace(/<issuerCik>[^<]*<\/issuerCik>/, `<issuerCik>${pad10(f.cik)}</issuerCik>`)
        .replace(/<issuerName>[^<]*<\/issuerName>/, `<issuerName>${xmlEscape(f.companyName)}</issuerName>`)
        .replace(/<issuerTradingSymbol>[^<]*<\/issuerTradingSymbol>/, '<issuerTradingSymbol></issuerTradingSymbol>');
    }
    document = document.replace(/<TYPE>[^\n]*/, `<TYPE>${f.formType}`);
  } else {
    primaryName = 'simulated.htm';
    document = [
      '<DOCUMENT>',
      `<TYPE>${f.formType}`,
      '<SEQUENCE>1',
      `<FILENAME>${primaryName}`,
      `<DESCRIPTION>${f.formType}`,
      '<TEXT>',
      `<html><body><p>Simulated ${xmlEscape(f.formType)} of ${xmlEscape(f.companyName)} (bench:detect; no recorded document of this form).</p></body></html>`,
      '</TEXT>',
      '</DOCUMENT>',
    ].join('\n');
  }
  const roleSections = f.parties.flatMap((p) => {
    if (p.role === 'Reporting')
      return section('REPORTING-OWNER', p.name, p.cik).map((l) => l.replace('COMPANY DATA', 'OWNER DATA'));
    if (p.role === 'Issuer') return section('ISSUER', p.name, p.cik);
    if (p.role === 'Subject') return section('SUBJECT COMPANY', p.name, p.cik);
    if (p.role === 'Filed by') return section('FILED BY', p.name, p.cik);
    return section('FILER', p.name, p.cik);
  });
  const header = [
    `<SEC-DOCUMENT>${f.accessionNo}.txt : ${filed}`,
    `<SEC-HEADER>${f.accessionNo}.hdr.sgml : ${filed}`,
    ...(stamp ? [`<ACCEPTANCE-DATETIME>${stamp}`] : []),
    `ACCESSION NUMBER:\t\t${f.accessionNo}`,
    `CONFORMED SUBMISSION TYPE:\t${f.formType}`,
    'PUBLIC DOCUMENT COUNT:\t\t1',
    ...(family === 'current' && t ? t.itemLines : []),
    `FILED AS OF DATE:\t\t${filed}`,
    `DATE AS OF CHANGE:\t\t${filed}`,
    '',
    ...roleSections,
    '</SEC-HEADER>',
  ];
  const full = `${header.join('\n')}\n${document}\n</SEC-DOCUMENT>\n`;
  const text = /<TEXT>\n?([\s\S]*?)<\/TEXT>/.exec(document)?.[1] ?? document;
  return new Map([
    [`${f.accessionNo}.txt`, full],
    [`${f.accessionNo}-index-headers.html`, full],
    [primaryName, text],
  ]);
}

export function simulatedPrimaryName(formType: string): string {
  return familyTemplates().get(formFamily(formType))?.primaryName ?? 'simulated.htm';
}
