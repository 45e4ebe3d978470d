/**
 * parseFiling: any EDGAR submission or bare primary document -> ParsedFiling. One module per
 * form family; anything unknown keeps its header metadata. Never throws on bad input.
 */
import { displayOwnerName } from '#shared/insider';
import { companySizeFacts } from './company-size';
import { parseCurrentReport } from './current-report';
import {
  foreignIssuerRegistrant,
  lateNoticeRegistrant,
  parseBeneficial,
  parseHoldings,
  equityOffered,
  parseOffering,
  parsePeriodic,
  parseProxy,
} from './families';
import { ownershipGaps, parseOwnershipXml } from './ownership';
import { parseSaleNotice } from './sale-notice';
import { type HeaderParty, parseSubmission, type Submission, type SubmissionDocument } from './sgml';
import { bareRegistrant, deiForm, deiIdentity } from './bare-document';
import { companyDisplayName } from '../company-name';
import { holderDisplayName, writtenPersonName } from './holder-name';
import { htmlToText } from './text';
import type { CompanyRef, FilingDetail, FormFamily, ParsedFiling } from './types';

export type { ParsedFiling } from './types';

/** What the caller already knows (feed entry, submissions JSON), used when the document is silent. */
export interface ParseHints {
  accessionNo?: string | null;
  formType?: string | null;
  cik?: number | null;
  companyName?: string | null;
  filedDate?: string | null;
  acceptedAt?: string | null;
  primaryDocument?: string | null;
  /** Texts of documents fetched apart from an index-headers listing, by file name. */
  documentTexts?: Record<string, string>;
}

export function formFamily(formType: string): FormFamily {
  const f = formType.toUpperCase().trim();
  if (/^[345](\/A)?$/.test(f)) return 'ownership';
  if (/^144(\/A)?$/.test(f)) return 'sale_notice';
  if (/^(8-K|6-K)/.test(f)) return 'current';
  if (/^(NT )?(10-K|10-Q|20-F|40-F)/.test(f)) return 'periodic';
  if (/^(SC |SCHEDULE )13[DG]/.test(f)) return 'beneficial';
  if (/^13F-/.test(f)) return 'holdings';
  // EDGAR writes "DEF 14A" and "PRE 14A" with a space, the lettered variants without (DEFA14A, DEFM14A, PRER14A...).
  if (/^(DEF|PRE)(M|R|A|C|RM)?\s?14A(\/A)?$/.test(f)) return 'proxy';
  if (/^(S-1|F-1|424B[14]|D)(\/A)?$/.test(f)) return 'offering';
  return 'other';
}

/** A bare document's form, from its XML root or its cover page. */
function detectForm(doc: SubmissionDocument): string | null {
  if (doc.type) return doc.type;
  const head = doc.text.slice(0, 4_000);
  const docType = /<documentType>\s*([^<\s]+)/.exec(head);
  if (/<ownershipDocument/.test(head) && docType?.[1]) return docType[1];
  const submissionType = /<(?:\w+:)?submissionType>\s*([^<]+?)\s*</.exec(head);
  if (submissionType?.[1]) return submissionType[1];
  if (/<(\w+:)?informationTable\b/.test(head)) return '13F-HR';
  // An inline-XBRL document states its form in its cover facts, after a hidden header of any length.
  const dei = deiForm(doc.text);
  if (dei) return dei;
  const cover = /\bFORM\s+(8-K|6-K|10-K|10-Q|20-F|S-1|F-1)\b/i.exec(
    htmlToText(doc.text.slice(0, 30_000)).slice(0, 3_000),
  );
  return cover?.[1]?.toUpperCase() ?? null;
}

/**
 * Where a filing writes the company's name as the company does: a Form 4's issuer name and its exhibits (a power of
 * attorney names "CoStar Group, Inc." where the form says "COSTAR GROUP, INC."), else the cover's registrant
 * (dei:EntityRegistrantName or the line above "Exact name of registrant"), then the document's first pages (a 13G's
 * "Name of Issuer").
 */
function nameSourceText(sub: Submission, primary: SubmissionDocument | undefined, detail: FilingDetail | null): string {
  if (detail?.kind === 'ownership') {
    const exhibits = sub.documents.filter((d) => d !== primary).map((d) => bodyOf(d, 20_000));
    return [detail.issuer.name ?? '', ...exhibits].join('\n');
  }
  const raw = primary?.text ?? '';
  if (!raw) return '';
  // Inline XBRL opens with a hidden header of up to 700 KB (IBM 2024): the cover follows it.
  const from = Math.max(0, raw.indexOf('</ix:header>'));
  const head = raw.slice(from, from + 80_000);
  const text = /<html|<body|<p\b|<div\b|<table\b/i.test(head.slice(0, 5_000)) ? htmlToText(head, 80_000) : head;
  return [bareRegistrant(raw) ?? '', text].join('\n');
}

function emptyCompany(cik: number | null = null, name: string | null = null): CompanyRef {
  return { cik, name, sic: null, sicDescription: null, fiscalYearEnd: null, tradingSymbol: null };
}

/** Without a header the company has no name: take the one its cover prints, when it prints one. */
function namedFromCover(
  company: CompanyRef | null,
  hints: ParseHints,
  coverName: () => string | null,
): CompanyRef | null {
  if (company?.name) return company;
  const name = coverName();
  return name ? { ...(company ?? emptyCompany(hints.cik ?? null)), name } : company;
}

/**
 * A document stored without its SEC header names its registrant's CIK and ticker in its inline-XBRL cover facts: a
 * bare 10-Q read only by name could not be tied to the company's stored prices, reports or watchers.
 */
function withDeiIdentity(
  company: CompanyRef | null,
  primary: SubmissionDocument | undefined,
  hasHeader: boolean,
): CompanyRef | null {
  if (hasHeader || !primary?.text || (company?.cik != null && company.tradingSymbol != null)) return company;
  const dei = deiIdentity(primary.text);
  if (dei.cik == null && dei.tradingSymbol == null) return company;
  const base = company ?? emptyCompany();
  return { ...base, cik: base.cik ?? dei.cik, tradingSymbol: base.tradingSymbol ?? dei.tradingSymbol };
}

function partyRef(party: HeaderParty | undefined, tradingSymbol: string | null = null): CompanyRef | null {
  if (!party) return null;
  return {
    cik: party.cik,
    name: party.name,
    sic: party.sic,
    sicDescription: party.sicDescription,
    fiscalYearEnd: party.fiscalYearEnd,
    tradingSymbol,
  };
}

function pickPrimary(
  sub: Submission,
  formType: string,
  family: FormFamily,
  hint?: string | null,
): SubmissionDocument | undefined {
  const docs = sub.documents;
  if (hint) {
    const base = hint.split('/').pop();
    const named = docs.find((d) => d.filename === base);
    if (named) return named;
  }
  if (family === 'ownership') return docs.find((d) => d.text.includes('<ownershipDocument')) ?? docs[0];
  return docs.find((d) => d.type.toUpperCase() === formType.toUpperCase()) ?? docs[0];
}

function bodyOf(doc: SubmissionDocument | undefined, maxChars?: number): string {
  if (!doc) return '';
  return /<html|<body|<p\b|<div\b|<table\b/i.test(doc.text.slice(0, 5_000)) ? htmlToText(doc.text, maxChars) : doc.text;
}

/**
 * The registration fee table's text: the EX-FILING FEES exhibit (required since 2022) or, before,
 * the "Calculation of Registration Fee" table on the cover page (its first pages only: later prose
 * refers to the table by name).
 */
function feeTableText(documents: SubmissionDocument[], primaryBody: string): string | null {
  const exhibit = documents.find((d) => /^EX-FILING FEES$/i.test(d.type.trim()));
  if (exhibit) return bodyOf(exhibit);
  // The title may break across lines ("CALCULATION OF<BR>REGISTRATION FEE": Unicycive's 2021 S-1/A).
  const at = primaryBody.slice(0, 30_000).search(/calculation\s+of\s+(?:the\s+)?registration\s+fee/i);
  return at < 0 ? null : primaryBody.slice(at, at + 8_000);
}

/** What one family's reader found: its detail, and the company, filer and gaps it corrects. */
interface FamilyRead {
  detail: FilingDetail | null;
  company: CompanyRef | null;
  filer: ParsedFiling['filer'];
  incomplete: string[];
}

/** The submission as every family reader sees it. */
interface Reading {
  sub: Submission;
  formType: string;
  family: FormFamily;
  /** The form a combined submission is read as (a tender offer that is also a 13D/A). */
  combinedBeneficial: string | undefined;
  primary: SubmissionDocument | undefined;
  filerParty: HeaderParty | undefined;
  hints: ParseHints;
  byRole: (role: HeaderParty['role']) => HeaderParty | undefined;
}

function readOwnership(r: Reading, out: FamilyRead): void {
  const { primary, byRole, sub } = r;
  const ownership = primary ? parseOwnershipXml(primary.text) : null;
  const owner = byRole('reporting_owner');
  let company = partyRef(byRole('issuer') ?? byRole('subject'), ownership?.issuer.tradingSymbol ?? null) ?? out.company;
  if (!ownership) {
    out.company = company;
    out.filer = owner ? { cik: owner.cik, name: owner.name } : null;
    out.incomplete.push(
      primary?.text.trim() ? 'paper-era text form: transactions not itemised' : 'ownership document not available',
    );
    return;
  }
  out.detail = ownership;
  // EDGAR's conformed names are reliably "LAST FIRST"; the XML name is as the filer typed it.
  for (const o of ownership.owners) {
    const conformed = sub.header.parties.find((p) => p.role === 'reporting_owner' && p.cik === o.cik)?.name;
    if (conformed && o.nameOrder !== 'signature') {
      o.displayName = displayOwnerName(conformed);
      o.nameOrder = 'header';
    }
  }
  company = {
    ...(company ?? emptyCompany()),
    cik: ownership.issuer.cik ?? company?.cik ?? null,
    name: company?.name ?? ownership.issuer.name,
    tradingSymbol: ownership.issuer.tradingSymbol,
  };
  out.company = company;
  out.filer = ownership.owners[0] ? { cik: ownership.owners[0].cik, name: ownership.owners[0].name } : null;
  out.incomplete.push(...ownershipGaps(ownership));
}

function readSaleNotice(r: Reading, out: FamilyRead): void {
  const { primary, byRole } = r;
  const notice = primary ? parseSaleNotice(primary.text) : null;
  out.detail = notice;
  if (notice?.issuer.cik)
    out.company = {
      ...(partyRef(byRole('subject')) ?? emptyCompany()),
      cik: notice.issuer.cik,
      name: notice.issuer.name,
    };
  if (notice) {
    out.filer = { cik: notice.filerCik, name: notice.personName };
    return;
  }
  // Header only (index-headers page, document not fetched): the SEC header still names the seller.
  const owner = byRole('reporting_owner');
  out.company = partyRef(byRole('subject')) ?? out.company;
  out.filer = owner ? { cik: owner.cik, name: owner.name } : null;
  out.incomplete.push(
    primary?.text.includes('edgarSubmission') ? 'Form 144 document not readable' : 'Form 144 document not available',
  );
}

/** The press release an 8-K furnishes: the EX-99.1 document (else the first EX-99). */
function pressRelease(sub: Submission): SubmissionDocument | undefined {
  const exhibits = sub.documents.filter((d) => /^EX-99/i.test(d.type.trim()));
  return exhibits.find((d) => /^EX-99\.0?1\b/i.test(d.type.trim())) ?? exhibits[0];
}

/**
 * Decision 363: a press release filed inside the 8-K document itself, as paper-era filings did (Apple 1999: one
 * `<DOCUMENT>`, the release after the last "INDEX TO EXHIBITS" and its "99.1 Text of Press Release" line), read as the
 * EX-99 document would be, so an item that only points to it ("Reference is made to the press release ... attached
 * hereto as an exhibit") has its headline and text.
 */
function releaseInsideDocument(body: string): string | null {
  const heads = [...body.matchAll(/\b(?:INDEX TO EXHIBITS|EXHIBIT INDEX)\b/gi)];
  const idx = heads.at(-1)?.index ?? -1;
  if (idx < 0) return null;
  const after = body.slice(idx);
  const line = /\n[ \t]*(?:Exhibit[ \t]+)?99(?:\.\d+)?\b[^\n]*\bpress release\b[^\n]*\n/i.exec(after);
  if (!line) return null;
  const text = after.slice(line.index + line[0].length, line.index + line[0].length + 20_000);
  return text.trim().length > 200 ? text : null;
}

function readCurrent(r: Reading, out: FamilyRead): void {
  const { formType, primary, sub, hints } = r;
  // 8-Ks with inline XBRL run to megabytes of markup before the item headings.
  const body = bodyOf(primary, 2_000_000);
  const exhibit = pressRelease(sub);
  const inline = exhibit || formType.startsWith('6-K') ? null : releaseInsideDocument(body);
  const detail = parseCurrentReport(formType, sub.header, body, exhibit ? bodyOf(exhibit, 20_000) : inline);
  out.detail = detail;
  if (formType.startsWith('8-K') && detail.items.length === 0) out.incomplete.push('no 8-K items found');
  // A 6-K document stored without its SEC header names the registrant on its cover.
  if (formType.startsWith('6-K')) out.company = namedFromCover(out.company, hints, () => foreignIssuerRegistrant(body));
}

function readPeriodic(r: Reading, out: FamilyRead): void {
  const { formType, primary, sub, filerParty, hints } = r;
  const periodic = parsePeriodic(
    formType,
    sub.header,
    filerParty?.fiscalYearEnd ?? null,
    // The cover's dei facts follow the inline XBRL header, which runs to 700 KB (IBM 2024).
    primary?.text.slice(0, 2_000_000) ?? '',
  );
  // The balance sheet's facts sit past the first 2 MB in long reports: the whole document is read for them.
  if (!periodic.isLateNotice) {
    const { sharesOutstanding, totalAssets } = companySizeFacts(primary?.text ?? '');
    if (sharesOutstanding) periodic.sharesOutstanding = sharesOutstanding;
    if (totalAssets) periodic.totalAssets = totalAssets;
  }
  out.detail = periodic;
  // A report stored as its document alone (no SEC header) names its registrant in its dei: facts or on the cover.
  out.company = namedFromCover(out.company, hints, () => bareRegistrant(primary?.text ?? ''));
  // A late-filing notice stored as its document alone (no SEC header) names the registrant in Part I.
  if (periodic.isLateNotice)
    out.company = namedFromCover(out.company, hints, () => lateNoticeRegistrant(bodyOf(primary)));
}

function readBeneficial(r: Reading, out: FamilyRead): void {
  const { formType, primary, sub, combinedBeneficial, byRole } = r;
  // The whole statement, as an 8-K's: a styled HTML 13D/A runs to 800 KB of markup (Farallon on Moldflow 2008), and
  // 400 KB of it held only the cover pages, so Items 4 and 5 were never read (decision 345).
  const beneficial = parseBeneficial(
    combinedBeneficial ?? formType,
    sub.header,
    primary?.text ?? '',
    bodyOf(primary, 2_000_000),
  );
  out.detail = beneficial;
  // The header's subject unless parseBeneficial set it aside for the cover's issuer (a header naming the filer itself).
  const subject = byRole('subject');
  out.company =
    (subject?.cik === beneficial.subject.cik ? partyRef(subject) : null) ??
    emptyCompany(beneficial.subject.cik, beneficial.subject.name);
  out.filer = beneficial.filer;
  if (beneficial.percentOfClass == null) out.incomplete.push('percent of class not found');
}

function readFamily(r: Reading, out: FamilyRead): void {
  const { family, formType, primary, sub } = r;
  switch (family) {
    case 'ownership':
      readOwnership(r, out);
      return;
    case 'sale_notice':
      readSaleNotice(r, out);
      return;
    case 'current':
      readCurrent(r, out);
      return;
    case 'periodic':
      readPeriodic(r, out);
      return;
    case 'beneficial':
      readBeneficial(r, out);
      return;
    case 'holdings': {
      const detail = parseHoldings(sub.documents, sub.header);
      out.detail = detail;
      out.company ??= emptyCompany(detail.manager.cik, detail.manager.name);
      return;
    }
    case 'proxy':
      out.detail = parseProxy(bodyOf(primary));
      return;
    case 'offering': {
      const body = bodyOf(primary);
      const detail = parseOffering(formType, primary?.text ?? '', body, feeTableText(sub.documents, body));
      out.detail = detail;
      if (detail.offeringAmount == null && !detail.offeringAmountText) out.incomplete.push('offering amount not found');
      return;
    }
    case 'other': {
      // A prospectus supplement selling common equity is an offering that dilutes holders (docs/scoring.md).
      if (!/^424B[57]$/.test(formType)) return;
      const body = bodyOf(primary);
      const equity = equityOffered(body);
      if (equity)
        out.detail = {
          ...parseOffering(formType, primary?.text ?? '', body, feeTableText(sub.documents, body)),
          equity,
        };
      return;
    }
  }
}

/** The form as filed: the header's, else the caller's, else what a bare document's root or cover says. */
function formTypeOf(sub: Submission, hints: ParseHints): string {
  return (sub.header.formType ?? hints.formType ?? (sub.documents[0] && detectForm(sub.documents[0])) ?? 'UNKNOWN')
    .trim()
    .toUpperCase();
}

/**
 * A combined submission files one document as two forms: a tender offer (SC TO-T/A) that is also the
 * bidder's Schedule 13D amendment names "SC 13D/A" in a party's FILING VALUES. It is read as that schedule.
 */
function otherFormsFiled(sub: Submission, formType: string): string[] {
  if (formFamily(formType) !== 'other') return [];
  const types = sub.header.parties
    .map((p) => p.formType?.trim().toUpperCase())
    .filter((t): t is string => !!t && t !== formType);
  return [...new Set(types)];
}

export function parseFiling(raw: string, hints: ParseHints = {}): ParsedFiling {
  const sub = parseSubmission(raw);
  const { header } = sub;
  for (const doc of sub.documents) {
    const fetched = doc.filename ? hints.documentTexts?.[doc.filename] : undefined;
    if (fetched != null) doc.text = fetched;
  }
  const formType = formTypeOf(sub, hints);
  const alsoFiledAs = otherFormsFiled(sub, formType);
  const combinedBeneficial = alsoFiledAs.find((t) => formFamily(t) === 'beneficial');
  const family = combinedBeneficial ? 'beneficial' : formFamily(formType);
  const primary = pickPrimary(sub, formType, family, hints.primaryDocument);
  const byRole = (role: HeaderParty['role']) => header.parties.find((p) => p.role === role);
  const filerParty = byRole('filer') ?? byRole('subject') ?? byRole('issuer');
  const out: FamilyRead = { detail: null, company: partyRef(filerParty), filer: null, incomplete: [] };
  try {
    readFamily({ sub, formType, family, combinedBeneficial, primary, filerParty, hints, byRole }, out);
  } catch (error) {
    out.incomplete.push(
      `could not read the ${family} document: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const { detail, filer, incomplete } = out;
  const hasHeader = header.parties.length > 0;
  // Any document stored without its SEC header or a name from the feed (an 8-K, a prospectus, a proxy) names its
  // registrant in its dei: facts or above the cover's "(Exact name of registrant as specified in its charter)".
  const found = withDeiIdentity(
    namedFromCover(out.company ?? (hints.cik ? emptyCompany(hints.cik, hints.companyName ?? null) : null), hints, () =>
      hasHeader ? null : bareRegistrant(primary?.text ?? ''),
    ),
    primary,
    hasHeader,
  );
  let names: string | undefined;
  const namesText = () => (names ??= nameSourceText(sub, primary, detail));
  const company = found?.name ? { ...found, displayName: companyDisplayName(found.name, namesText) } : found;
  // An insider no signature named reads as the filing writes them ("Wickerham E. Scott" signs a power of attorney
  // "E. Scott Wickerham"); EDGAR's "LAST FIRST" shape alone cannot tell "John A. Smith" from that.
  if (detail?.kind === 'ownership') {
    // The owners also as the form's own words write them: remarks, footnotes and signatures name a firm as it writes
    // itself ("SoftBank Group Corp., By: /s/ ..." beside EDGAR's "SOFTBANK GROUP CORP"). Not for the company: a
    // footnote's bare "Apple" is not how Apple Inc. names itself.
    let owners: string | undefined;
    const ownersText = () =>
      (owners ??= [
        namesText(),
        detail.remarks ?? '',
        ...detail.footnotes.map((f) => f.text),
        ...(detail.signatureNames ?? []),
      ].join('\n'));
    for (const o of detail.owners) {
      if (o.nameOrder !== 'signature') o.displayName = writtenPersonName(o.name, ownersText()) ?? o.displayName;
      // A firm keeps EDGAR's words but not its capitals ("BERKSHIRE HATHAWAY INC" is "Berkshire Hathaway Inc."); a
      // person's name is never left in capitals by the readings above.
      if (o.displayName && !/[a-z]/.test(o.displayName)) o.displayName = companyDisplayName(o.displayName, ownersText);
    }
  }
  // A 13D/G holder as its cover writes it: the cover's reporting person with the same words ("NEUBAUER JOSEPH" is
  // "Joseph Neubauer"), else EDGAR's capitals found in the text ("MORGAN STANLEY" is "Morgan Stanley").
  const holder =
    family === 'beneficial' && filer?.name
      ? holderDisplayName(filer.name, detail?.kind === 'beneficial' ? detail.reportingPersons : [], namesText)
      : null;
  return {
    accessionNo: header.accessionNo ?? hints.accessionNo ?? null,
    formType,
    family,
    isAmendment: /\/A$/.test(combinedBeneficial ?? formType),
    ...(alsoFiledAs.length ? { alsoFiledAs } : {}),
    company,
    filer: holder && filer ? { ...filer, displayName: holder } : filer,
    filedDate: header.filedDate ?? hints.filedDate ?? null,
    acceptedAt: header.acceptedAt ?? hints.acceptedAt ?? null,
    periodOfReport:
      detail?.kind === 'periodic'
        ? detail.periodOfReport
        : (header.periodOfReport ?? (detail?.kind === 'ownership' ? detail.periodOfReport : null)),
    primaryDocument: primary?.filename ?? hints.primaryDocument ?? null,
    detail,
    incomplete,
  };
}
