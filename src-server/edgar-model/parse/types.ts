/** The parsed shape of a filing, one detail type per form family. */

export interface OwnershipOwner {
  cik: number | null;
  /** As filed, usually "Last First Middle". */
  name: string;
  /** Readable order for people ("First Middle Last"); entities unchanged. */
  displayName: string;
  /** How the display order was decided: the signature block, the SEC header's conformed name, or the name's shape. */
  nameOrder?: 'signature' | 'header' | 'shape';
  officerTitle: string | null;
  isDirector: boolean;
  isOfficer: boolean;
  isTenPercentOwner: boolean;
  isOther: boolean;
  otherText: string | null;
}

export interface OwnershipRow {
  tableKind: 'non_derivative' | 'derivative';
  isHolding: boolean;
  /** Position within its table and kind (transactions and holdings counted separately). */
  rowIndex: number;
  securityTitle: string | null;
  transactionDate: string | null;
  code: string | null;
  equitySwap: boolean | null;
  acquiredDisposed: 'A' | 'D' | null;
  shares: number | null;
  pricePerShare: number | null;
  value: number | null;
  sharesOwnedAfter: number | null;
  directIndirect: 'D' | 'I' | null;
  natureOfOwnership: string | null;
  is10b51: boolean;
  /** Where the Rule 10b5-1 plan was stated for this row: a row footnote, the remarks, or the form's checkbox. */
  planSource?: 'footnote' | 'remarks' | 'checkbox' | null;
  footnotes: { id: string; text: string }[];
  conversionOrExercisePrice: number | null;
  exerciseDate: string | null;
  expirationDate: string | null;
  underlyingTitle: string | null;
  underlyingShares: number | null;
}

export interface OwnershipDetail {
  kind: 'ownership';
  documentType: string;
  periodOfReport: string | null;
  issuer: { cik: number | null; name: string | null; tradingSymbol: string | null };
  owners: OwnershipOwner[];
  rows: OwnershipRow[];
  /** The form's "Rule 10b5-1(c)" checkbox (X0508+), null when the schema has none. */
  aff10b5One: boolean | null;
  dateOfOriginalSubmission: string | null;
  noSecuritiesOwned: boolean;
  remarks: string | null;
  signatureDate: string | null;
  /** Names in the signature blocks, as signed ("/s/ Sergey Brin" -> "Sergey Brin"). */
  signatureNames?: string[];
  footnotes: { id: string; text: string }[];
}

export interface CurrentReportDetail {
  kind: 'current';
  /** The union of the header's and the body's items; `from` says which named each. */
  items: { number: string; title: string; from?: 'header' | 'body' | 'both' }[];
  /** Items the SEC header names (numbers, or "ITEM INFORMATION" titles matched tolerantly). */
  headerItems?: string[];
  /** Items the document's own headings name ("Item 2.05", "ITEM 5." before August 2004). */
  bodyItems?: string[];
  /** Set when header and body disagree: what each had (the items are their union). */
  itemsNote?: string | null;
  /** Item titles the header carried that match no known item. */
  unknownItemTitles: string[];
  eventDate: string | null;
  /** 6-K: subject line or exhibit description when stated. */
  subject: string | null;
  /** Item 5.02: the people it names (parse/officer-change.ts); absent on filings stored before it was read. */
  people?: OfficerChange[];
}

/** A person an 8-K's Item 5.02 names: the role printed beside the name and what happened. */
export interface OfficerChange {
  name: string;
  role: string | null;
  change: 'departure' | 'appointment' | 'role_change' | 'compensation' | 'named';
}

export interface PeriodicDetail {
  kind: 'periodic';
  periodOfReport: string | null;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  isLateNotice: boolean;
}

/** One reporting person of a Schedule 13D/13G cover page (rows 1, 5-9/11 and 11/13). */
export interface BeneficialPerson {
  name: string;
  cik: number | null;
  percentOfClass: number | null;
  /** Aggregate amount beneficially owned. */
  shares: number | null;
  soleVoting: number | null;
  sharedVoting: number | null;
  soleDispositive: number | null;
  sharedDispositive: number | null;
  /** Type of reporting person (IN, PN, CO, IA, HC...), several joined by ", ". */
  type: string | null;
}

export interface BeneficialDetail {
  kind: 'beneficial';
  schedule: '13D' | '13G';
  /** 'xml': EDGAR's structured Schedule 13D/G (required since December 2024); 'text': cover pages of older filings. */
  format: 'xml' | 'text';
  filer: { cik: number | null; name: string | null };
  subject: { cik: number | null; name: string | null; cusip: string | null };
  reportingPersons: BeneficialPerson[];
  /** The largest percent of class stated (reporting persons of one group overlap, so no sum). */
  percentOfClass: number | null;
  eventDate: string | null;
  /** "Amendment No. 3" on the cover; null for an original statement. */
  amendmentNo: number | null;
  /** The accession the XML amendment says it amends (headerData/previousAccessionNumber). */
  previousAccessionNo: string | null;
}

export interface HoldingsDetail {
  kind: 'holdings';
  manager: { cik: number | null; name: string | null };
  periodOfReport: string | null;
  holdingsCount: number | null;
  /** Information-table total as filed (dollars for periods from 2023, thousands before). */
  totalValue: number | null;
  reportType: string | null;
}

export interface ProxyDetail {
  kind: 'proxy';
  meetingType: 'annual' | 'special' | 'annual_and_special' | null;
  meetingDate: string | null;
}

export interface OfferingDetail {
  kind: 'offering';
  offeringAmount: number | null;
  /** Form D: 'Indefinite' etc. when not a number. */
  offeringAmountText: string | null;
  amountSold: number | null;
  industryGroup: string | null;
  issuerName: string | null;
}

/** Form 144: a proposed sale (parse/sale-notice.ts). */
export interface SaleNoticeDetail {
  kind: 'sale_notice';
  issuer: { cik: number | null; name: string | null };
  filerCik: number | null;
  personName: string | null;
  relationships: string[];
  shares: number | null;
  marketValue: number | null;
  approxSaleDate: string | null;
  noticeDate: string | null;
  planAdoptionDate: string | null;
}

export type FilingDetail =
  | SaleNoticeDetail
  | OwnershipDetail
  | CurrentReportDetail
  | PeriodicDetail
  | BeneficialDetail
  | HoldingsDetail
  | ProxyDetail
  | OfferingDetail;

export type FormFamily = 'sale_notice' | 'ownership' | 'current' | 'periodic' | 'beneficial' | 'holdings' | 'proxy' | 'offering' | 'other';

export interface CompanyRef {
  cik: number | null;
  name: string | null;
  sic: string | null;
  sicDescription: string | null;
  fiscalYearEnd: string | null;
  tradingSymbol: string | null;
}

export interface ParsedFiling {
  accessionNo: string | null;
  /** The EDGAR form as filed ('4', '8-K', 'SC 13G/A', ...). */
  formType: string;
  /** Combined submissions: the other forms the same document is filed as (header FILING VALUES), e.g. 'SC 13D/A' on an SC TO-T/A. */
  alsoFiledAs?: string[];
  family: FormFamily;
  isAmendment: boolean;
  /** Who the filing is about: issuer for 3/4/5, subject company for 13D/G, else the filer. */
  company: CompanyRef | null;
  /** Who filed it when that is someone else (reporting owner, 13D filer, fund manager). */
  filer: { cik: number | null; name: string | null } | null;
  filedDate: string | null;
  acceptedAt: string | null;
  periodOfReport: string | null;
  primaryDocument: string | null;
  detail: FilingDetail | null;
  /** Why the data is incomplete (empty when complete); the UI shows '(incomplete data)'. */
  incomplete: string[];
}
