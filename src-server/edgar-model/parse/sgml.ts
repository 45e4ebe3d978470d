/**
 * The EDGAR submission envelope in its three real shapes: the full-text `.txt` ("ACCESSION
 * NUMBER:" text header, sometimes inside a PEM wrapper), the dissemination-feed `.nc` and the
 * `-index-headers.html` page (both with `<TAG>value` angle-bracket headers). Bare primary
 * documents (an ownership XML, a 6-K HTML page) come back with an empty header.
 */
import { easternToIso, yyyymmddToIso } from './dates';

export type PartyRole = 'filer' | 'subject' | 'filed_by' | 'reporting_owner' | 'issuer';

export interface HeaderParty {
  role: PartyRole;
  name: string | null;
  cik: number | null;
  sic: string | null;
  sicDescription: string | null;
  fiscalYearEnd: string | null;
  /** Legacy headers state the owner's relationship (e.g. DIRECTOR). */
  relationship: string | null;
  /** The party's own FILING VALUES form type: a combined filing names a second form here (SC TO-T/A + SC 13D/A). */
  formType?: string | null;
}

export interface SubmissionHeader {
  accessionNo: string | null;
  formType: string | null;
  periodOfReport: string | null;
  filedDate: string | null;
  acceptedAt: string | null;
  /** 8-K item numbers (angle-bracket headers) ... */
  itemNumbers: string[];
  /** ... or titles ("ITEM INFORMATION:" lines of text headers). */
  itemTitles: string[];
  parties: HeaderParty[];
}

export interface SubmissionDocument {
  type: string;
  sequence: number | null;
  filename: string | null;
  description: string | null;
  text: string;
}

export interface Submission {
  header: SubmissionHeader;
  documents: SubmissionDocument[];
}

const ROLE_BY_SECTION: Record<string, PartyRole> = {
  FILER: 'filer',
  'SUBJECT COMPANY': 'subject',
  'SUBJECT-COMPANY': 'subject',
  'FILED BY': 'filed_by',
  'FILED-BY': 'filed_by',
  // The SEC staff's letters (UPLOAD) name the company they are addressed to as "FILED FOR".
  'FILED FOR': 'filer',
  'FILED-FOR': 'filer',
  'REPORTING-OWNER': 'reporting_owner',
  'REPORTING OWNER': 'reporting_owner',
  ISSUER: 'issuer',
};

function emptyHeader(): SubmissionHeader {
  return {
    accessionNo: null,
    formType: null,
    periodOfReport: null,
    filedDate: null,
    acceptedAt: null,
    itemNumbers: [],
    itemTitles: [],
    parties: [],
  };
}

function newParty(role: PartyRole): HeaderParty {
  return { role, name: null, cik: null, sic: null, sicDescription: null, fiscalYearEnd: null, relationship: null };
}

function toCik(value: string): number | null {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Applies one header field (text key or angle tag, normalised to dashes) to the header or party. */
function applyField(header: SubmissionHeader, party: HeaderParty | null, key: string, raw: string): void {
  const value = raw.trim();
  switch (key) {
    case 'ACCESSION-NUMBER':
      header.accessionNo ??= value || null;
      return;
    case 'CONFORMED-SUBMISSION-TYPE':
    case 'TYPE':
      if (!party) header.formType ??= value || null;
      return;
    case 'CONFORMED-PERIOD-OF-REPORT':
    case 'PERIOD':
      header.periodOfReport ??= yyyymmddToIso(value);
      return;
    case 'FILED-AS-OF-DATE':
    case 'FILING-DATE':
      header.filedDate ??= yyyymmddToIso(value);
      return;
    case 'ACCEPTANCE-DATETIME':
      header.acceptedAt ??= easternToIso(value);
      return;
    case 'ITEMS':
      if (value) header.itemNumbers.push(value);
      return;
    case 'ITEM-INFORMATION':
      if (value) header.itemTitles.push(value);
      return;
  }
  if (!party) return;
  switch (key) {
    case 'COMPANY-CONFORMED-NAME':
    case 'CONFORMED-NAME':
      party.name ??= value || null;
      break;
    case 'CENTRAL-INDEX-KEY':
    case 'CIK':
      party.cik ??= toCik(value);
      break;
    case 'FORM-TYPE':
      party.formType ??= value || null;
      break;
    case 'STANDARD-INDUSTRIAL-CLASSIFICATION': {
      // "MOTOR VEHICLES & PASSENGER CAR BODIES [3711]"
      const m = /^(.*?)\s*\[(\d+)\]\s*$/.exec(value);
      if (m?.[2]) {
        party.sic ??= m[2];
        party.sicDescription ??= m[1] || null;
      }
      break;
    }
    case 'ASSIGNED-SIC':
      party.sic ??= value || null;
      break;
    case 'FISCAL-YEAR-END':
      party.fiscalYearEnd ??= /^\d{4}$/.test(value) ? value : null;
      break;
    case 'RELATIONSHIP':
      party.relationship ??= value || null;
      break;
  }
}

function parseTextHeader(block: string, header: SubmissionHeader): void {
  let party: HeaderParty | null = null;
  // Former-company blocks repeat CONFORMED NAME keys that must not overwrite the party's own.
  let inFormer = false;
  for (const line of block.split(/\r?\n/)) {
    const tag = /^<(\/?)([A-Z][A-Z0-9-]*)>(.*)$/.exec(line.trim());
    if (tag) {
      const [, close, name = '', rest = ''] = tag;
      const role = ROLE_BY_SECTION[name];
      if (role) party = close ? null : pushParty(header, role);
      else if (!close) applyField(header, party, name, rest);
      continue;
    }
    const section = /^([A-Z][A-Z -]*[A-Z]):\s*$/.exec(line);
    if (section?.[1] && !/^\s/.test(line)) {
      const role = ROLE_BY_SECTION[section[1]];
      if (role) party = pushParty(header, role);
      inFormer = false;
      continue;
    }
    const kv = /^\s*([A-Z][A-Z0-9 ()/&.-]*?):\s*(.*)$/.exec(line);
    if (!kv?.[1]) continue;
    const key = kv[1].replace(/\s+/g, '-');
    if (key === 'FORMER-COMPANY' || key === 'FORMER-NAME') inFormer = true;
    else if (key === 'COMPANY-DATA' || key === 'OWNER-DATA' || key === 'FILING-VALUES') inFormer = false;
    if (inFormer) continue;
    applyField(header, party, key, kv[2] ?? '');
  }
}

function pushParty(header: SubmissionHeader, role: PartyRole): HeaderParty {
  const party = newParty(role);
  header.parties.push(party);
  return party;
}

const CONTAINER_TAGS = new Set([
  'COMPANY-DATA',
  'OWNER-DATA',
  'FILING-VALUES',
  'BUSINESS-ADDRESS',
  'MAIL-ADDRESS',
  'SUBMISSION',
  'SEC-HEADER',
]);

function parseTagHeader(block: string, header: SubmissionHeader): void {
  let party: HeaderParty | null = null;
  let formerDepth = 0;
  for (const m of block.matchAll(/<(\/?)([A-Z][A-Z0-9-]*)>([^<]*)/g)) {
    const [, close, name = '', text = ''] = m;
    const role = ROLE_BY_SECTION[name];
    if (role) {
      party = close ? null : pushParty(header, role);
      continue;
    }
    if (name === 'FORMER-COMPANY' || name === 'FORMER-NAME') {
      formerDepth += close ? -1 : 1;
      continue;
    }
    if (close || CONTAINER_TAGS.has(name) || formerDepth > 0) continue;
    applyField(header, party, name, text.split(/\r?\n/)[0] ?? '');
  }
}

/** Drops the <XML>/<XBRL> wrapper EDGAR puts around XML documents (string ops: no regex over megabytes). */
function unwrap(text: string): string {
  let out = text.trim();
  const open = /^<(XML|XBRL)>/i.exec(out.slice(0, 6));
  if (open) {
    out = out.slice(open[0].length).trimStart();
    const close = `</${open[1]}>`;
    if (out.slice(-close.length).toUpperCase() === close.toUpperCase()) out = out.slice(0, -close.length).trimEnd();
  }
  return out;
}

function parseDocuments(body: string): SubmissionDocument[] {
  const documents: SubmissionDocument[] = [];
  for (const chunk of body.split(/<DOCUMENT>/i).slice(1)) {
    const textAt = chunk.search(/<TEXT>/i);
    const head = textAt === -1 ? chunk : chunk.slice(0, textAt);
    const meta: Record<string, string> = {};
    for (const m of head.matchAll(/<(TYPE|SEQUENCE|FILENAME|DESCRIPTION)>([^<\r\n]*)/gi)) {
      meta[(m[1] ?? '').toUpperCase()] ??= (m[2] ?? '').trim();
    }
    let text = textAt === -1 ? '' : chunk.slice(textAt + 6);
    const end = text.search(/<\/TEXT>/i);
    if (end !== -1) text = text.slice(0, end);
    text = unwrap(text);
    const sequence = Number.parseInt(meta.SEQUENCE ?? '', 10);
    documents.push({
      type: meta.TYPE ?? '',
      sequence: Number.isFinite(sequence) ? sequence : null,
      filename: meta.FILENAME || null,
      description: meta.DESCRIPTION || null,
      text,
    });
  }
  return documents;
}

/** Splits any EDGAR submission shape into header and documents; never throws. */
export function parseSubmission(raw: string): Submission {
  const header = emptyHeader();
  let body = raw;
  // index-headers.html keeps the angle-bracket header inside an HTML comment.
  const commented = raw.includes('<!--') ? /<!--\s*(<SEC-HEADER>[\s\S]*?<\/SEC-HEADER>)\s*-->/i.exec(raw) : null;
  if (commented?.[1]) {
    parseTagHeader(commented[1], header);
    body = raw.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    return { header, documents: parseDocuments(body.slice(body.indexOf('</SEC-HEADER>'))) };
  }
  const firstDoc = raw.search(/<DOCUMENT>/i);
  const headPart = firstDoc === -1 ? raw.slice(0, 20_000) : raw.slice(0, firstDoc);
  if (/ACCESSION NUMBER:|CONFORMED SUBMISSION TYPE:/.test(headPart)) parseTextHeader(headPart, header);
  else if (/<ACCESSION-NUMBER>|<SUBMISSION>|<SEC-HEADER>/i.test(headPart)) parseTagHeader(headPart, header);
  body = firstDoc === -1 ? '' : raw.slice(firstDoc);
  const documents = parseDocuments(body);
  if (documents.length === 0 && !header.accessionNo) {
    documents.push({ type: '', sequence: 1, filename: null, description: null, text: raw });
  }
  return { header, documents };
}
