/** Readers for the smaller form families: periodic reports, 13D/G, 13F, proxies, offerings. */
import { anyDateToIso } from './dates';
import type { SubmissionHeader } from './sgml';
import type { BeneficialDetail, HoldingsDetail, OfferingDetail, PeriodicDetail, ProxyDetail } from './types';
import { asArray, child, num, parseXml, path, textAt } from './xml';

/** 10-K, 10-Q, 20-F and the NT late-filing notices: period and fiscal year. */
export function parsePeriodic(formType: string, header: SubmissionHeader, fiscalYearEnd: string | null, body: string): PeriodicDetail {
  const period = header.periodOfReport;
  const dei = (name: string) => new RegExp(`name="dei:${name}"[^>]*>\\s*([^<]+)<`, 'i').exec(body)?.[1]?.trim() ?? null;
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
  };
}

const PERCENT_ROW = /PERCENT\s+OF\s+CLASS\s+REPRESENTED\s+BY\s+AMOUNT\s+IN\s+ROW\s*\(?\s*(?:9|11)\s*\)?\s*:?\s*([\d.]+)\s*%/gi;

/** Cover-page row 1: the first line after the label that is not the I.R.S. number caption. */
function reportingPersonNames(bodyText: string): string[] {
  const names: string[] = [];
  for (const m of bodyText.matchAll(/NAMES?\s+OF\s+REPORTING\s+PERSONS?/gi)) {
    const lines = bodyText.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + 600).split('\n').slice(1);
    const name = lines.map((l) => l.trim()).find((l) => l.length > 1 && !/I\.?R\.?S\.?|IDENTIFICATION|^[-_=\s]+$|^\d+\.?$/i.test(l));
    names.push(name ?? '');
  }
  return names;
}

/** Schedule 13D/13G: structured XML (2024+) or the cover pages of text/HTML filings. */
export function parseBeneficial(formType: string, header: SubmissionHeader, raw: string, bodyText: string): BeneficialDetail {
  const schedule = /13D/i.test(formType) ? '13D' : '13G';
  const subjectParty = header.parties.find((p) => p.role === 'subject');
  const filerParty = header.parties.find((p) => p.role === 'filed_by');
  const persons: BeneficialDetail['reportingPersons'] = [];
  let subject = { cik: subjectParty?.cik ?? null, name: subjectParty?.name ?? null, cusip: null as string | null };
  let filer = { cik: filerParty?.cik ?? null, name: filerParty?.name ?? null };
  let eventDate: string | null = null;
  if (/<edgarSubmission[^>]*schedule13/i.test(raw)) {
    const doc = parseXml(raw.slice(raw.indexOf('<')));
    const form = path(doc, 'edgarSubmission', 'formData');
    const cover = child(form, 'coverPageHeader');
    subject = {
      cik: subject.cik ?? num(textAt(cover, 'issuerInfo', 'issuerCik')),
      name: subject.name ?? textAt(cover, 'issuerInfo', 'issuerName'),
      cusip: textAt(cover, 'issuerInfo', 'issuerCusip'),
    };
    filer = { cik: filer.cik ?? num(textAt(doc, 'edgarSubmission', 'headerData', 'filerInfo', 'filer', 'filerCredentials', 'cik')), name: filer.name };
    eventDate = anyDateToIso(textAt(cover, 'eventDateRequiresFilingThisStatement') ?? textAt(cover, 'dateOfEvent'));
    for (const person of asArray(child(form, 'coverPageHeaderReportingPersonDetails'))) {
      persons.push({
        name: textAt(person, 'reportingPersonName') ?? '',
        percentOfClass: num(textAt(person, 'classPercent') ?? textAt(person, 'percentOfClass')),
        shares: num(textAt(person, 'reportingPersonBeneficiallyOwnedAggregateNumberOfShares')),
      });
    }
  } else {
    const names = reportingPersonNames(bodyText);
    [...bodyText.matchAll(PERCENT_ROW)].forEach((m, i) => {
      persons.push({ name: names[i] ?? '', percentOfClass: num(m[1] ?? null), shares: null });
    });
    const cusip = /([0-9A-Z]{6}\s?[0-9A-Z]{2}\s?[0-9])[\s_-]*\(CUSIP Number\)/i.exec(bodyText);
    subject.cusip = cusip?.[1]?.replace(/\s/g, '') ?? null;
    const event = /\n\s*([A-Z][a-z]+ \d{1,2}, \d{4})\s*\n[-\s]*\(Date of Event/i.exec(bodyText);
    eventDate = anyDateToIso(event?.[1] ?? null);
  }
  const percents = persons.map((p) => p.percentOfClass).filter((p): p is number => p != null);
  if (!filer.name && persons[0]?.name) filer.name = persons[0].name;
  return {
    kind: 'beneficial',
    schedule,
    filer,
    subject,
    reportingPersons: persons,
    percentOfClass: percents.length ? Math.max(...percents) : null,
    eventDate,
  };
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
  const date = /meeting[^.]{0,120}?(?:to be )?held (?:on )?(?:[A-Z][a-z]+day,?\s+)?([A-Z][a-z]+ \d{1,2}, \d{4})/i.exec(head);
  return {
    kind: 'proxy',
    meetingType: annual && special ? 'annual_and_special' : special ? 'special' : annual ? 'annual' : null,
    meetingDate: anyDateToIso(date?.[1] ?? null),
  };
}

function scaled(amount: string | undefined, unit: string | undefined): number | null {
  const n = num(amount ?? null);
  if (n == null) return null;
  const u = unit?.toLowerCase();
  return u === 'billion' ? n * 1e9 : u === 'million' ? n * 1e6 : n;
}

const OFFERING_AMOUNT =
  /(?:maximum aggregate offering price|aggregate offering (?:price|amount)|total (?:public )?offering price|gross proceeds)[^$]{0,300}?\$\s?([\d,]+(?:\.\d+)?)\s*(million|billion)?/i;

/** S-1, F-1, 424B4 (prospectus text) and Form D (XML): the offering amount. */
export function parseOffering(formType: string, raw: string, bodyText: string): OfferingDetail {
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
  const m = OFFERING_AMOUNT.exec(bodyText.slice(0, 200_000));
  return {
    kind: 'offering',
    offeringAmount: scaled(m?.[1], m?.[2]),
    offeringAmountText: m ? `$${m[1]}${m[2] ? ` ${m[2]}` : ''}` : null,
    amountSold: null,
    industryGroup: null,
    issuerName: null,
  };
}

