/** Readers for the smaller form families: periodic reports, 13D/G, 13F, proxies, offerings. */
import { unitScale } from '#shared/amounts';
import { anyDateToIso } from './dates';
import { startsWithCompany } from '../company-name';
import { htmlToText } from './text';
import {
  ceasedFivePercent,
  cleanPersonName,
  coverAmendmentNo,
  coverEventDate,
  dilutionOnly,
  exitBySale,
  exitByMerger,
  noRecentTrades,
  numberedCoverPersons,
  planTrustee,
  itemFourPercent,
  type PurposeAction,
  purposeAction,
  stakeOrigin,
} from './beneficial-cover';
import type { SubmissionHeader } from './sgml';
import type {
  BeneficialDetail,
  BeneficialPerson,
  HoldingsDetail,
  OfferingDetail,
  PeriodicDetail,
  ProxyDetail,
} from './types';
import { asArray, child, num, parseXml, path, text, textAt } from './xml';

/** The period the cover page names: "For the quarterly period ended March 28, 1997", "fiscal year ended ...". */
const COVER_PERIOD = /(?:quarterly period|fiscal year|period)\s+ended:?\s*([A-Z][a-z]+\.?\s+\d{1,2}\s*,\s*\d{4})/i;

/**
 * The report's period: the SEC header's, unless there is none (a document without header, e.g. a Form
 * 12b-25 notice: "For Period Ended: March 31, 2026") or it is not before the filing date (a report is
 * filed after its period ends; Apple's 10-Q/A 0000320193-97-000021 of 1997-10-07 carries its own filing
 * date in the header while the cover says the quarter ended March 28, 1997): then the cover's.
 */
function reportPeriod(header: SubmissionHeader, body: string): string | null {
  const period = header.periodOfReport;
  if (period && (!header.filedDate || period < header.filedDate)) return period;
  const cover = COVER_PERIOD.exec(
    body
      .slice(0, 20_000)
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|&#160;/gi, ' ')
      .replace(/\s+/g, ' '),
  );
  const stated = anyDateToIso(cover?.[1]?.replace(/\s*,\s*/, ', ') ?? null);
  return stated && (!header.filedDate || stated < header.filedDate) ? stated : period;
}

/**
 * A bare inline XBRL document (no SEC header) states its period in its dei facts; the value may
 * sit inside a span ("<ix:nonNumeric name="dei:DocumentPeriodEndDate"><span>September 27, 2025").
 */
function deiPeriodEnd(body: string): string | null {
  const at = body.indexOf('name="dei:DocumentPeriodEndDate"');
  if (at < 0) return null;
  // The fact may nest another (Apple: the fiscal year end's month and day, then ", 2025").
  const text = body
    .slice(at, at + 600)
    .replace(/^[^>]*>/, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#160;|&nbsp;/gi, ' ');
  const date = /[A-Za-z]+\.?\s+\d{1,2}\s*,\s*\d{4}|\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
  return date ? anyDateToIso(date.replace(/\s*,\s*/, ', ')) : null;
}

/**
 * The report's own conclusion of going-concern doubt ("management has concluded that there is substantial doubt about
 * the Company's ability to continue as a going concern", AEON Biopharma's 10-Q of 2023), not a risk factor's "could
 * raise substantial doubt" nor a plan that "alleviated" it (decision 342).
 */
const GOING_CONCERN =
  /\b(?:there is|there exists|conclu\w+ that|raises?|raised|indicates?|indicated)\s+(?:a\s+)?substantial doubt (?:about|regarding|as to|concerning|of) (?:the Company['’]?\s?s|our|its|the [A-Z][\w.]*['’]?\s?s|[A-Z][\w.]*['’]?\s?s) ability to continue as a going concern\b/g;
/** Words just before the verb that make it a possibility or a denial: "could raise", "does not raise", "alleviated". */
const HEDGED = /\b(?:may|might|could|would|should|not|no|nor|whether|if|alleviat\w*|mitigat\w*)\s+(?:\w+\s+){0,2}$/i;

function statesGoingConcern(body: string): boolean {
  const text = htmlToText(body, 2_000_000).replace(/\s+/g, ' ');
  for (const m of text.matchAll(GOING_CONCERN))
    if (!HEDGED.test(text.slice(Math.max(0, (m.index ?? 0) - 60), m.index))) return true;
  return false;
}

/** 10-K, 10-Q, 20-F and the NT late-filing notices: period and fiscal year. */
export function parsePeriodic(
  formType: string,
  header: SubmissionHeader,
  fiscalYearEnd: string | null,
  body: string,
): PeriodicDetail {
  const dei = (name: string) => new RegExp(`name="dei:${name}"[^>]*>\\s*([^<]+)<`, 'i').exec(body)?.[1]?.trim() ?? null;
  const period = reportPeriod(header, body) ?? deiPeriodEnd(body);
  let fiscalYear = num(dei('DocumentFiscalYearFocus'));
  if (fiscalYear == null && period) {
    // A fiscal year is named after the calendar year it ends in (Apple: FYE 0930, July 2017 -> FY2017).
    const year = Number(period.slice(0, 4));
    const mmdd = period.slice(5, 7) + period.slice(8, 10);
    fiscalYear = fiscalYearEnd && mmdd > fiscalYearEnd ? year + 1 : year;
  }
  const form = formType.toUpperCase();
  return {
    kind: 'periodic',
    periodOfReport: period,
    fiscalYear,
    fiscalPeriod: dei('DocumentFiscalPeriodFocus') ?? (form.includes('10-K') || form.includes('20-F') ? 'FY' : null),
    isLateNotice: form.startsWith('NT '),
    ...(!form.startsWith('NT ') && statesGoingConcern(body) ? { goingConcern: true } : {}),
  };
}

/** Numbers as cover pages print them: "78,114,639", "13767282", "2155851.97", "-0-". */
function coverNumber(value: string | undefined): number | null {
  if (value == null) return null;
  if (/^-?0-?$/.test(value.trim())) return 0;
  return num(value.replace(/,/g, ''));
}

/** Where the next cover-page row starts: its label. */
const NEXT_ROW_LABEL =
  /(?:SOLE|SHARED)\s+(?:VOTING|DISPOSITIVE)|AGGREGATE\s+AMOUNT|CHECK\s+(?:THE\s+)?BOX|PERCENT\s+OF\s+CLASS|TYPE\s+OF\s+REPORTING/i;

/**
 * The first number printed after a cover-page row label (table cells may put words between), within
 * that row: a row the filer left blank is null, not the next row's number ("SOLE VOTING POWER\n8\nSHARED").
 */
function numberAfter(block: string, label: RegExp): number | null {
  const m = label.exec(block);
  if (!m) return null;
  let rest = block.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 160);
  const next = rest.search(NEXT_ROW_LABEL);
  if (next !== -1) rest = rest.slice(0, next);
  rest = rest.replace(/\(\s*[a-z0-9]{1,2}\s*\)/gi, ' ').replace(/(?:^|\s)(?:[5-9]|1[0-4])\.?\s*$/, ' ');
  const n = /(?:^|[^\d.(])(-0-|\d[\d,]*(?:\.\d+)?)(?![\d,]*\s*%)/.exec(rest);
  return coverNumber(n?.[1]);
}

const PERCENT_ROW =
  /PERCENT\s+OF\s+CLASS\s+REPRESENTED\s+BY\s+AMOUNT\s+IN\s+ROW\s*\(?\s*(?:9|11)\s*\)?\s*:?[^%]{0,80}?([\d.]+)\s*%/i;
const NAME_LABEL = /NAMES?\s+OF\s+REPORTING\s+PERSONS?\.?:?/gi;

/** A line of row 1 that is not the name: the I.R.S. caption, a row number, a rule, the next row's label. */
const NOT_A_NAME =
  /\bI\.?\s?R\.?\s?S\b|IDENTIFICATION|^S\.S\.|^\(?\d+\)?\.?$|^[-_=\s]+$|^\(?(?:ENTITIES ONLY|see instructions)|CHECK\s+(?:THE\s+)?(?:APPROPRIATE\s+)?BOX/i;

/**
 * Cover-page row 1: the rest of the label's line, else the first line that is not the I.R.S. caption
 * ("Birch First ..." is a name: the caption is the word I.R.S.). An HTML cell's own line break can
 * split the name ("MMCAP\n International Inc. SPC"): following lines join it up to the next row.
 */
function personName(afterLabel: string): string {
  const lines = afterLabel
    .slice(0, 600)
    .split('\n')
    .map((l) => l.replace(/^[\s:.\-–—]+/, '').trim());
  const at = lines.findIndex((l) => l.length > 1 && !NOT_A_NAME.test(l));
  if (at === -1) return '';
  let name = lines[at]!;
  for (const more of lines.slice(at + 1, at + 3)) {
    if (!more || NOT_A_NAME.test(more) || /\s{2,}/.test(name) || name.length + more.length > 120) break;
    name = `${name} ${more}`;
  }
  return name
    .replace(/\s{2,}.*$/, '')
    .replace(/\s+I\.R\.S\..*$/i, '')
    .trim();
}

/** Reporting persons of a text or HTML cover page (one block per "Names of reporting persons"). */
function textReportingPersons(bodyText: string): BeneficialPerson[] {
  const starts = [...bodyText.matchAll(NAME_LABEL)].map((m) => ({
    at: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  return starts.map(({ at, end }, i) => {
    const block = bodyText.slice(at, starts[i + 1]?.at ?? Math.min(bodyText.length, at + 6_000));
    const percent = PERCENT_ROW.exec(block);
    const type =
      /TYPE\s+OF\s+REPORTING\s+PERSON\s*\*?\s*(?:\([^)]*\))?\s*:?\s*\n?\s*([A-Z]{2}(?:\s*[,;/]\s*[A-Z]{2})*)\b/i.exec(
        block,
      );
    return {
      name: personName(bodyText.slice(end, end + 600)),
      cik: null,
      percentOfClass: percent?.[1] ? num(percent[1]) : null,
      shares: numberAfter(block, /AGGREGATE\s+AMOUNT\s+BENEFICIALLY\s+OWNED\s+BY\s+EACH\s+REPORTING\s+PERSON\s*:?/i),
      soleVoting: numberAfter(block, /SOLE\s+VOTING\s+POWER\s*:?/i),
      sharedVoting: numberAfter(block, /SHARED\s+VOTING\s+POWER\s*:?/i),
      soleDispositive: numberAfter(block, /SOLE\s+DISPOSITIVE\s+POWER\s*:?/i),
      sharedDispositive: numberAfter(block, /SHARED\s+DISPOSITIVE\s+POWER\s*:?/i),
      type: type?.[1]
        ? type[1]
            .toUpperCase()
            .split(/\s*[,;/]\s*/)
            .join(', ')
        : null,
    };
  });
}

/**
 * The subject company as a text/HTML cover page prints it: the line above "(Name of Issuer)",
 * rules of dashes or underscores between them skipped ("TRINITY INDUSTRIES INC\n-----\n(Name of Issuer)").
 */
export const coverIssuerName = (bodyText: string) =>
  nameAboveCaption(bodyText, /\(\s*Name\s+of\s+(?:the\s+)?Issuer\s*\)/i) ?? issuerAfterLabel(bodyText);

/**
 * A cover that writes the caption first: on one line ("Name of issuer:  NIKE Inc", Vanguard's 13G/A of 2014), or as
 * Item 1(a)'s answer on the lines below it, wrapped ("Name of Issuer:\n\n\t\tDUN & BRADSTREET CORP DEL\nNEW", FMR's
 * 13G of 2007).
 */
function issuerAfterLabel(bodyText: string): string | null {
  const m = /\bName\s+of\s+issuer\s*:[ \t\u00a0]*([^\n]*)\n?((?:[ \t\u00a0]*\n)*)((?:[^\n]*\n?){0,2})/i.exec(
    bodyText.slice(0, 20_000),
  );
  if (!m) return null;
  const [first = '', second = ''] = (m[3] ?? '').split('\n').map((l) => l.trim());
  // The line below: the answer; a short line after it with no caption of its own is the rest of a wrapped name.
  const below =
    first && second && second.length <= 40 && !/^(?:Item\b|\()/i.test(second) && !/^[a-z]/.test(second)
      ? `${first} ${second}`
      : first;
  const name = (m[1]?.trim() || below).replace(/\s+/g, ' ').trim();
  return name.length >= 2 && name.length <= 150 && !/^\(|Title of Class|^Item\b/i.test(name) ? name : null;
}

/** Form 12b-25 (NT 10-K/10-Q), Part I: the name above "(Full Name of Registrant)" (some filers drop the brackets). */
export const lateNoticeRegistrant = (bodyText: string) =>
  nameAboveCaption(bodyText, /\(?\s*Full\s+Name\s+of\s+Registrant\s*\)?/i);

/** A 6-K cover: the name above "(Translation of Registrant's name into English)" or "(Exact name of registrant as specified in its charter)". */
export const foreignIssuerRegistrant = (bodyText: string) =>
  nameAboveCaption(
    bodyText,
    /\(\s*(?:Translation\s+of\s+Registrant.s\s+name\s+into\s+English|Exact\s+name\s+of\s+registrant\s+as\s+specified\s+in\s+its\s+charter)\s*\)/i,
  );

/** The name a cover page prints on the line(s) above `caption` ("(Name of Issuer)"), or null. */
function nameAboveCaption(bodyText: string, caption: RegExp): string | null {
  const at = bodyText.slice(0, 20_000).search(caption);
  if (at === -1) return null;
  const lines = bodyText
    .slice(Math.max(0, at - 600), at)
    .split('\n')
    .map((l) =>
      l
        .replace(/[_=\u2014\u2013-]{3,}/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  let name = lines.pop() ?? '';
  // An HTML cell's own line breaks split a name ("AVID BIOSERVICES,\n INC."): a line ending in a comma or
  // "&", or a bare corporate suffix, joins the line below it.
  while (
    lines.length &&
    (/[,&]$/.test(lines[lines.length - 1]!) ||
      /^(INC|CORP|CORPORATION|LTD|LLC|L\.?P|N\.?V|PLC|CO|COMPANY|S\.?A|AG|SE)\.?$/i.test(name))
  ) {
    name = `${lines.pop()} ${name}`;
  }
  // A cover whose name line is blank leaves the caption above it (the Act, the amendment number).
  if (name.length < 2 || name.length > 150 || /Securities Exchange Act|\(Amendment No|^SCHEDULE 13/i.test(name))
    return null;
  return name;
}

const cik = (value: string | null) => {
  const n = num(value);
  return n != null && n > 0 ? n : null;
};

/** A reporting person of EDGAR's Schedule 13D XML (reportingPersons/reportingPersonInfo). */
function xml13dPerson(node: unknown): BeneficialPerson {
  return {
    name: textAt(node, 'reportingPersonName') ?? '',
    cik: cik(textAt(node, 'reportingPersonCIK') ?? textAt(node, 'reportingPersonCik')),
    percentOfClass: num(textAt(node, 'percentOfClass')),
    shares: num(textAt(node, 'aggregateAmountOwned')),
    soleVoting: num(textAt(node, 'soleVotingPower')),
    sharedVoting: num(textAt(node, 'sharedVotingPower')),
    soleDispositive: num(textAt(node, 'soleDispositivePower')),
    sharedDispositive: num(textAt(node, 'sharedDispositivePower')),
    type: asArray(child(node, 'typeOfReportingPerson')).map(text).filter(Boolean).join(', ') || null,
  };
}

/** A reporting person of EDGAR's Schedule 13G XML (coverPageHeaderReportingPersonDetails). */
function xml13gPerson(node: unknown): BeneficialPerson {
  const powers = child(node, 'reportingPersonBeneficiallyOwnedNumberOfShares');
  return {
    name: textAt(node, 'reportingPersonName') ?? '',
    cik: cik(textAt(node, 'reportingPersonCik') ?? textAt(node, 'reportingPersonCIK')),
    percentOfClass: num(textAt(node, 'classPercent') ?? textAt(node, 'percentOfClass')),
    shares: num(textAt(node, 'reportingPersonBeneficiallyOwnedAggregateNumberOfShares')),
    soleVoting: num(textAt(powers, 'soleVotingPower')),
    sharedVoting: num(textAt(powers, 'sharedVotingPower')),
    soleDispositive: num(textAt(powers, 'soleDispositivePower')),
    sharedDispositive: num(textAt(powers, 'sharedDispositivePower')),
    type: asArray(child(node, 'typeOfReportingPerson')).map(text).filter(Boolean).join(', ') || null,
  };
}

/**
 * Schedule 13D/13G: EDGAR's structured XML (13D: reportingPersons/reportingPersonInfo,
 * issuerInfo/issuerCIK; 13G: coverPageHeaderReportingPersonDetails, issuerInfo/issuerCik) or the
 * cover pages of text/HTML filings. Every reporting person with name, CIK, percent, shares and
 * sole/shared voting and dispositive power; the subject company; the event date; the amendment.
 */
export function parseBeneficial(
  formType: string,
  header: SubmissionHeader,
  raw: string,
  bodyText: string,
): BeneficialDetail {
  const schedule = /13D/i.test(formType) ? '13D' : '13G';
  const subjectParty = header.parties.find((p) => p.role === 'subject');
  const filerParty = header.parties.find((p) => p.role === 'filed_by');
  let persons: BeneficialPerson[] = [];
  let subject = { cik: subjectParty?.cik ?? null, name: subjectParty?.name ?? null, cusip: null as string | null };
  let filer = { cik: filerParty?.cik ?? null, name: filerParty?.name ?? null };
  let eventDate: string | null = null;
  let amendmentNo: number | null = null;
  let previousAccessionNo: string | null = null;
  let ceased: boolean | null = null;
  let action: PurposeAction | null = null;
  let origin: BeneficialDetail['stakeOrigin'] = null;
  let classTitle: string | null = null;
  let aggregate: number | null = null;
  let bySale = false;
  let noTrades = false;
  let dilution = false;
  let mergerExit = false;
  /** An amendment by its form type, or by the cover's "Amendment No." on a form filed under the original's type. */
  const amends = (no: number | null) => /\/A$/i.test(formType) || (no ?? 0) > 0;
  const xmlAt = raw.search(/<edgarSubmission[^>]*schedule13/i);
  const format: BeneficialDetail['format'] = xmlAt !== -1 ? 'xml' : 'text';
  if (xmlAt !== -1) {
    const doc = parseXml(raw.slice(xmlAt));
    const sub = child(doc, 'edgarSubmission');
    const form = child(sub, 'formData');
    const cover = child(form, 'coverPageHeader');
    const issuer = child(cover, 'issuerInfo');
    const cusip =
      textAt(issuer, 'issuerCusip') ??
      textAt(issuer, 'issuerCUSIP') ??
      text(asArray(path(issuer, 'issuerCusips', 'issuerCusipNumber'))[0]);
    subject = {
      cik: subject.cik ?? cik(textAt(issuer, 'issuerCik') ?? textAt(issuer, 'issuerCIK')),
      name: subject.name ?? textAt(issuer, 'issuerName'),
      cusip,
    };
    eventDate = anyDateToIso(textAt(cover, 'eventDateRequiresFilingThisStatement') ?? textAt(cover, 'dateOfEvent'));
    amendmentNo = num(textAt(cover, 'amendmentNo'));
    classTitle = textAt(cover, 'securitiesClassTitle') ?? textAt(cover, 'classOfSecurities') ?? null;
    previousAccessionNo = textAt(sub, 'headerData', 'previousAccessionNumber');
    const fivePercentOrLess = textAt(form, 'items', 'item5', 'classOwnership5PercentOrLess');
    ceased = fivePercentOrLess == null ? null : /^(Y|YES|TRUE|1)$/i.test(fivePercentOrLess);
    const item = (n: number, field: string) =>
      textAt(form, 'items1To7', `item${n}`, field) ?? textAt(form, 'items', `item${n}`, field) ?? '';
    action = purposeAction(`Item 4. Purpose of Transaction ${item(4, 'transactionPurpose')}`, amends(amendmentNo));
    if (schedule === '13D') {
      origin = stakeOrigin(
        `Item 3. Source and Amount ${item(3, 'fundsSource')} Item 4. Purpose of Transaction ${item(4, 'transactionPurpose')} ` +
          `Item 5. Interest in Securities ${item(5, 'percentageOfClassSecurities')} ${item(5, 'numberOfShares')} ${item(5, 'transactionDesc')}`,
      );
      noTrades = noRecentTrades(`Item 5. Interest in Securities (c) ${item(5, 'transactionDesc')}`);
    }
    persons = [
      ...asArray(path(form, 'reportingPersons', 'reportingPersonInfo')).map(xml13dPerson),
      ...asArray(child(form, 'coverPageHeaderReportingPersonDetails')).map(xml13gPerson),
    ];
    const filerCik = cik(textAt(sub, 'headerData', 'filerInfo', 'filer', 'filerCredentials', 'cik'));
    filer = {
      cik: filer.cik ?? filerCik,
      name: filer.name ?? persons.find((p) => p.cik != null && p.cik === filerCik)?.name ?? null,
    };
  } else {
    persons = textReportingPersons(bodyText);
    // A cover typed as bare numbered rows ("Item 1: Reporting Person - FMR Corp.", "Item 11: 8.302%").
    if (persons.length === 0) persons = numberedCoverPersons(bodyText, schedule);
    subject.name ??= coverIssuerName(bodyText);
    // Some 1990s headers file the statement under the filer's own CIK as its subject (Crane Co.'s 13D/A No. 3 on Mark
    // Controls, 1994): the cover's "(Name of Issuer)" is the company the stake is in, and the header's CIK is not its.
    if (subject.cik != null && subject.cik === filer.cik) {
      const onCover = coverIssuerName(bodyText);
      if (onCover && subject.name && !startsWithCompany(onCover, subject.name))
        subject = { cik: null, name: onCover, cusip: null };
    }
    // "(CUSIP Number)"; a Schedule TO cover combined with a 13D amendment says "(CUSIP Number of Class of Securities)".
    const cusip = /([0-9A-Z]{6}\s?[0-9A-Z]{2}\s?[0-9])[\s_-]*\(CUSIP Number(?: of Class of Securities)?\)/i.exec(
      bodyText,
    );
    subject.cusip = cusip?.[1]?.replace(/\s/g, '') ?? null;
    classTitle = coverClassTitle(bodyText);
    const event = /\n\s*([A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4})\s*\n[-\s]*\(Date of Event/i.exec(bodyText);
    eventDate = anyDateToIso(event?.[1] ?? null) ?? coverEventDate(bodyText);
    amendmentNo = coverAmendmentNo(bodyText);
    ceased = ceasedFivePercent(bodyText);
    bySale = exitBySale(bodyText);
    if (schedule === '13D') {
      const amended = amends(amendmentNo);
      action = purposeAction(bodyText, amended);
      origin = stakeOrigin(bodyText);
      noTrades = noRecentTrades(bodyText);
      // Decision 354: a trustee of the company's employee plan or trust, named on the cover or in Item 2 (and on an
      // amendment, which often has no Item 3), holds the plan's shares; that is more than "no funds were used".
      if ((!origin || origin === 'not-purchased') && planTrustee(bodyText)) origin = 'plan-trustee';
      if (amended) {
        dilution = dilutionOnly(bodyText);
        mergerExit = exitByMerger(bodyText);
      }
    } else aggregate = itemFourPercent(bodyText);
  }
  if (amendmentNo === 0) amendmentNo = null;
  for (const p of persons) p.name = cleanPersonName(p.name);
  if (filer.name) filer.name = cleanPersonName(filer.name);
  const percents = persons.map((p) => p.percentOfClass).filter((p): p is number => p != null);
  if (aggregate != null) percents.push(aggregate);
  if (!filer.name && persons[0]?.name) filer.name = persons[0].name;
  return {
    kind: 'beneficial',
    schedule,
    format,
    filer,
    subject,
    reportingPersons: persons,
    percentOfClass: percents.length ? Math.max(...percents) : null,
    eventDate,
    amendmentNo,
    previousAccessionNo,
    ceasedFivePercent: ceased,
    purposeAction: action?.text ?? null,
    ...(action && action.item !== 4 ? { purposeActionItem: action.item } : {}),
    stakeOrigin: origin,
    classTitle,
    ...(bySale ? { exitBySale: true } : {}),
    ...(noTrades ? { noRecentTrades: true } : {}),
    ...(dilution ? { dilutionOnly: true } : {}),
    ...(mergerExit ? { exitByMerger: true } : {}),
  };
}

/** The cover's "(Title of Class of Securities)": the words between the issuer's name and that caption. */
function coverClassTitle(bodyText: string): string | null {
  const m =
    /\(Name of Issuer\)\s*([^()]{3,300}?)[\s_-]*\(Title of Class/i.exec(bodyText.slice(0, 20_000)) ??
    /([^()\n]{3,200}?)[\s_-]*\(Title of Class/i.exec(bodyText.slice(0, 20_000));
  const title = m?.[1]?.replace(/\s+/g, ' ').trim();
  return title ? title : null;
}

/** 13F-HR: the cover/summary page XML plus the information table (counted and summed). */
export function parseHoldings(documents: { text: string }[], header: SubmissionHeader): HoldingsDetail {
  let manager = { cik: header.parties[0]?.cik ?? null, name: header.parties[0]?.name ?? null };
  let periodOfReport = header.periodOfReport;
  let summaryCount: number | null = null;
  let summaryValue: number | null = null;
  let reportType: string | null = null;
  let rows = 0;
  let rowsValue = 0;
  for (const doc of documents) {
    if (/<(\w+:)?informationTable\b/.test(doc.text)) {
      const table = parseXml(doc.text.slice(doc.text.indexOf('<')));
      for (const row of asArray(child(child(table, 'informationTable'), 'infoTable'))) {
        rows += 1;
        rowsValue += num(textAt(row, 'value')) ?? 0;
      }
    } else if (/thirteenffiler/.test(doc.text)) {
      const sub = child(parseXml(doc.text.slice(doc.text.indexOf('<'))), 'edgarSubmission');
      const form = child(sub, 'formData');
      summaryCount = num(textAt(form, 'summaryPage', 'tableEntryTotal'));
      summaryValue = num(textAt(form, 'summaryPage', 'tableValueTotal'));
      reportType = textAt(form, 'coverPage', 'reportType');
      periodOfReport ??= anyDateToIso(textAt(form, 'coverPage', 'reportCalendarOrQuarter'));
      manager = {
        cik: manager.cik ?? num(textAt(sub, 'headerData', 'filerInfo', 'filer', 'credentials', 'cik')),
        name: manager.name ?? textAt(form, 'coverPage', 'filingManager', 'name'),
      };
    }
  }
  return {
    kind: 'holdings',
    manager,
    periodOfReport,
    holdingsCount: rows > 0 ? rows : summaryCount,
    totalValue: rows > 0 ? rowsValue : summaryValue,
    reportType,
  };
}

export function parseProxy(bodyText: string): ProxyDetail {
  const head = bodyText.slice(0, 60_000);
  const special = /special meeting of (?:the )?(?:stockholders|shareholders)/i.test(head);
  const annual = /annual (?:general )?meeting of (?:the )?(?:stockholders|shareholders)/i.test(head);
  const date = /meeting[^.]{0,120}?(?:to be )?held (?:on )?(?:[A-Z][a-z]+day,?\s+)?([A-Z][a-z]+ \d{1,2}, \d{4})/i.exec(
    head,
  );
  // "2. To approve an amendment to the Company's restated certificate of incorporation to effect a reverse stock split".
  const reverseSplit = /\bto (?:approve|authori[sz]e)\b[^.;]{0,200}\breverse (?:stock |share )?split\b/i.test(head);
  return {
    kind: 'proxy',
    meetingType: annual && special ? 'annual_and_special' : special ? 'special' : annual ? 'annual' : null,
    meetingDate: anyDateToIso(date?.[1] ?? null),
    ...(reverseSplit ? { reverseSplit: true as const } : {}),
  };
}

function scaled(amount: string | undefined, unit: string | undefined): number | null {
  const n = num(amount ?? null);
  if (n == null) return null;
  return n * unitScale(unit);
}

const OFFERING_AMOUNT =
  /(?:maximum aggregate offering price|aggregate offering (?:price|amount)|total (?:public )?offering price|gross proceeds)[^$]{0,300}?\$\s?([\d,]+(?:\.\d+)?)\s*(million|billion)?/i;

const DOLLARS = /\$\s*([\d,]+(?:\.\d+)?)/g;

/** The largest dollar amount written in `text` (as written, e.g. "6,906,664.94"). */
function largestDollars(text: string): string | null {
  let best: { text: string; value: number } | null = null;
  for (const m of text.matchAll(DOLLARS)) {
    const value = num(m[1]!);
    if (value != null && (!best || value > best.value)) best = { text: m[1]!, value };
  }
  return best?.text ?? null;
}

/**
 * The registration fee table (the EX-FILING FEES exhibit since 2022; the cover's "Calculation of
 * Registration Fee" before): its largest dollar amount is the maximum aggregate offering price,
 * the one row's or the total's (price per unit, fee rate and fee are all smaller). Prose that
 * merely mentions "gross proceeds" (a past private placement, warrants if exercised) is not the
 * amount registered: Acurx's 2023 S-1 says "$4.0 million" of a placement and registers $6,906,664.94.
 */
function feeTableMaximum(text: string): string | null {
  const start = text.search(/maximum\s+aggregate\s+offering\s+price/i);
  if (start < 0) return null;
  const rest = text.slice(start, start + 6_000);
  const end = rest.slice(40).search(/net fee due|total fees previously paid|\(1\)\s/i);
  return largestDollars(end < 0 ? rest : rest.slice(0, end + 40));
}

/**
 * A final prospectus's pricing table ("Per Share | Total" / "Public offering price $5.103
 * $3,103,629.29" / ... / "Proceeds, before expenses, to us"): the total is its largest amount in
 * the offering price row. Traws Pharma's 424B4 (Dec 2024) otherwise reads as "$5.103" (per share).
 */
function pricingTableTotal(text: string): string | null {
  for (const m of text.slice(0, 120_000).matchAll(/public offering price/gi)) {
    const row = text.slice(m.index, m.index + 600);
    const end = row.search(/placement agent|underwriting discount|proceeds[^$]{0,40}before expenses/i);
    if (end > 0 && /\btotal\b/i.test(text.slice(Math.max(0, m.index - 200), m.index)))
      return largestDollars(row.slice(0, end));
  }
  return null;
}

const COMMON_EQUITY = /\b(?:common stock|common shares|ordinary shares|American Depositary Shares)\b/i;
const DEBT_OR_PREFERRED =
  /\b(?:notes|debentures|bonds|preferred (?:stock|shares)|warrants? to purchase [^.]{0,40}\bnotes)\b/i;

/**
 * A prospectus supplement (424B5, 424B7) that sells the company's own common equity, read from its
 * cover: the first security named after "Prospectus Supplement" is common stock, ordinary shares or
 * ADSs, not notes or preferred stock (a debt takedown under a shelf says nothing about the stock). A
 * sales or equity distribution agreement selling "from time to time" is an at-the-market program.
 */
export function equityOffered(bodyText: string): 'at_the_market' | 'offering' | null {
  const at = bodyText.search(/prospectus\s+supplement/i);
  if (at < 0) return null;
  const cover = bodyText
    .slice(at, at + 1_500)
    .replace(/\s+/g, ' ')
    .slice(0, 900);
  const equity = cover.search(COMMON_EQUITY);
  const debt = cover.search(DEBT_OR_PREFERRED);
  if (equity < 0 || (debt >= 0 && debt < equity)) return null;
  return /\b(?:sales agreement|equity distribution agreement|at[- ]the[- ]market offering|from time to time (?:to or )?through)\b/i.test(
    cover,
  )
    ? 'at_the_market'
    : 'offering';
}

/**
 * A registration that raises no money for an operating company: a blank-check company's IPO ("is a newly
 * incorporated blank check company"), or a resale where "we will not receive any of the proceeds" from the
 * selling holders' sales. Read on the prospectus's first pages.
 */
function registrationPurpose(formType: string, bodyText: string): OfferingDetail['purpose'] | null {
  if (!/^(?:S-1|F-1|424B[1-4])\b/i.test(formType)) return null;
  const head = bodyText.slice(0, 120_000).replace(/\s+/g, ' ');
  if (/\bis a (?:newly (?:incorporated|organized|formed) )?blank[- ]check company\b/i.test(head)) return 'blank_check';
  const sellers = /\bselling (?:stock|share|unit|security ?)holders?\b/i.test(head);
  const noProceeds =
    /\bwe will not receive any (?:of the )?(?:proceeds|cash proceeds)\b|\bwe are not selling any (?:shares|securities)\b/i.test(
      head,
    );
  // An IPO with a secondary tranche also says it gets nothing from the selling holders' shares.
  const primary = /\bwe are offering\b|\bthis is (?:our|an) initial public offering\b/i.test(head.slice(0, 30_000));
  return sellers && noProceeds && !primary ? 'resale' : null;
}

const SHARE_COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d{4,})`;
const OFFERED_BY_US = new RegExp(
  String.raw`\b(?:common stock|shares(?: of (?:our )?common stock)?|ordinary shares|ADSs|securities) (?:being )?offered(?: by us| by the company)?(?: (?:in|pursuant to) this (?:offering|prospectus supplement))?\b[\s:]{0,20}?(?:up to\s+)?${SHARE_COUNT}\s+(?:shares|ordinary shares|ADSs)\b`,
  'i',
);
const OUTSTANDING_AFTER = new RegExp(
  String.raw`\b(?:to be )?outstanding (?:immediately )?(?:after|following) (?:this|the) offering\b[^\d]{0,120}?${SHARE_COUNT}\s+(?:shares|ordinary shares)\b`,
  'i',
);

/**
 * The offering against the shares already out (decision 345), read from the prospectus summary's "The Offering" box:
 * "Shares of common stock offered by us in this offering: 608,197 shares" and "Common Stock to be outstanding after this
 * offering ...: 3,633,751 shares" (Traws Pharma's 424B4, 2024) sell 20.1% of the 3,025,554 shares out before. The
 * rubric's 424B row makes an offering of about a fifth of the shares or more HIGH. Null when either line is missing.
 */
/** "The number of shares ... to be outstanding after this offering is based on 30,267,580 shares outstanding as of ...". */
const BASED_ON = new RegExp(
  String.raw`\boutstanding (?:immediately )?(?:after|following) (?:this|the) offering is based on (?:based on )?${SHARE_COUNT}\s+shares\b`,
  'i',
);

export function dilutionOf(bodyText: string): number | null {
  const head = bodyText.slice(0, 300_000).replace(/\s+/g, ' ');
  // An IPO sells to holders of nothing yet (docs/scoring.md: MEDIUM); the measure is for a listed company's holders.
  if (/\b(?:this is (?:our|an) )?initial public offering\b/i.test(head.slice(0, 30_000))) return null;
  const count = (x: string | undefined) => (x ? Number(x.replace(/,/g, '')) : null);
  const before = count(BASED_ON.exec(head)?.[1]);
  // The heading stands in the table of contents first: the box is the first one that states the offered shares.
  for (const m of head.matchAll(/\bthe offering\b/gi)) {
    const box = head.slice(m.index, m.index + 4_000);
    const n = count(OFFERED_BY_US.exec(box)?.[1]);
    if (n == null || n <= 0) continue;
    const after = count(OUTSTANDING_AFTER.exec(box)?.[1]);
    const out = before ?? (after != null && after > n ? after - n : null);
    return out != null && out > 0 ? n / out : null;
  }
  return null;
}

/** S-1, F-1, 424B4 (prospectus text) and Form D (XML): the offering amount. */
export function parseOffering(
  formType: string,
  raw: string,
  bodyText: string,
  feeExhibitText: string | null = null,
): OfferingDetail {
  if (/^D(\/A)?$/i.test(formType) || /<offeringSalesAmounts>/.test(raw)) {
    const sub = child(parseXml(raw.slice(Math.max(0, raw.indexOf('<edgarSubmission')))), 'edgarSubmission');
    const amounts = path(sub, 'offeringData', 'offeringSalesAmounts');
    const offered = textAt(amounts, 'totalOfferingAmount');
    return {
      kind: 'offering',
      offeringAmount: num(offered),
      offeringAmountText: offered,
      amountSold: num(textAt(amounts, 'totalAmountSold')),
      industryGroup: textAt(sub, 'offeringData', 'industryGroup', 'industryGroupType'),
      issuerName: textAt(sub, 'primaryIssuer', 'entityName'),
    };
  }
  const purpose = registrationPurpose(formType, bodyText);
  const dilution = purpose || /\/A$/i.test(formType) ? null : dilutionOf(bodyText);
  const why = { ...(purpose ? { purpose } : {}), ...(dilution != null ? { dilution } : {}) };
  const table =
    (feeExhibitText ? feeTableMaximum(feeExhibitText) : null) ??
    (/^424B/i.test(formType) ? pricingTableTotal(bodyText) : null);
  if (table)
    return {
      kind: 'offering',
      offeringAmount: num(table),
      offeringAmountText: `$${table}`,
      amountSold: null,
      industryGroup: null,
      issuerName: null,
      ...why,
    };
  const m = OFFERING_AMOUNT.exec(bodyText.slice(0, 200_000));
  return {
    kind: 'offering',
    offeringAmount: scaled(m?.[1], m?.[2]),
    offeringAmountText: m ? `$${m[1]}${m[2] ? ` ${m[2]}` : ''}` : null,
    amountSold: null,
    industryGroup: null,
    issuerName: null,
    ...why,
  };
}
