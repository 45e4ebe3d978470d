/**
 * Form 144 (notice of proposed sale, XML since 2023): who sells, how many units, roughly when,
 * and under which 10b5-1 plan. Story threads link it to the Form 4 that later reports the sale.
 */
import { anyDateToIso } from './dates';
import type { SaleNoticeDetail } from './types';
import { asArray, child, num, parseXml, path, textAt } from './xml';

export function parseSaleNotice(raw: string): SaleNoticeDetail | null {
  const start = raw.search(/<(\w+:)?edgarSubmission\b/);
  if (start < 0) return null;
  const doc = parseXml(raw.slice(start));
  const form = path(doc, 'edgarSubmission', 'formData');
  if (!form) return null;
  const issuer = child(form, 'issuerInfo');
  const securities = asArray(child(form, 'securitiesInformation'));
  const units = securities.map((s) => num(textAt(s, 'noOfUnitsSold'))).filter((n): n is number => n != null);
  const values = securities.map((s) => num(textAt(s, 'aggregateMarketValue'))).filter((n): n is number => n != null);
  const relationships = asArray(path(issuer, 'relationshipsToIssuer', 'relationshipToIssuer'))
    .map((r) => (typeof r === 'string' ? r.trim() : ''))
    .filter(Boolean);
  return {
    kind: 'sale_notice',
    issuer: { cik: num(textAt(issuer, 'issuerCik')), name: textAt(issuer, 'issuerName') },
    filerCik: num(textAt(doc, 'edgarSubmission', 'headerData', 'filerInfo', 'filer', 'filerCredentials', 'cik')),
    personName: textAt(issuer, 'nameOfPersonForWhoseAccountTheSecuritiesAreToBeSold'),
    relationships,
    shares: units.length ? units.reduce((a, b) => a + b, 0) : null,
    marketValue: values.length ? values.reduce((a, b) => a + b, 0) : null,
    approxSaleDate: anyDateToIso(securities.map((s) => textAt(s, 'approxSaleDate')).find(Boolean) ?? null),
    noticeDate: anyDateToIso(textAt(form, 'noticeSignature', 'noticeDate')),
    planAdoptionDate: anyDateToIso(textAt(form, 'noticeSignature', 'planAdoptionDates', 'planAdoptionDate')),
  };
}
