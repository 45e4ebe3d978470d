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
  /** A dollar amount stated instead of a share count (notes, swaps: transactionTotalValue); absent on rows stored before it was read. */
  totalValue?: number | null;
  sharesOwnedAfter: number | null;
  /** Dollar amount held after, for securities not counted in shares (valueOwnedFollowingTransaction). */
  valueOwnedAfter?: number | null;
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
  /** The exhibit 99.1 press release's headline, when the submission carries one (parse/current-content.ts). */
  exhibitHeadline?: string | null;
  /** What each item's own text says (issue #25); absent on filings stored before it was read. */
  content?: ItemContent[];
}

export type OfficerRole =
  | 'ceo'
  | 'cfo'
  | 'founder'
  | 'coo'
  | 'accounting'
  | 'division_head'
  | 'president'
  | 'chair'
  | 'officer'
  | 'director';

/** Item 5.02 read sentence by sentence: the roles near a departure or an appointment verb. */
export interface OfficerFacts {
  departures: { role: OfficerRole; followUp: boolean }[];
  appointments: { role: OfficerRole; followUp: boolean }[];
  /** "effective immediately", "terminated without cause" beside a departure. */
  immediate: boolean;
  /** An interim or acting CEO, CFO or president is named. */
  interim: boolean;
  /** A disagreement is stated (and not denied). */
  disagreement: boolean;
  /** Every departure follows up one reported before ("previously announced", "former"). */
  followUp: boolean;
  /** Pay words appear (salary, award, plan, employment agreement). */
  compensation: boolean;
  /** Co-presidents are appointed ("have been elected Co-Presidents of the Firm"): the rubric's HIGH appointment. */
  coPresidents?: boolean;
  /** The most directors one sentence names as joining the board ("A, B, C and D were each appointed"). */
  directorsJoining?: number;
  /**
   * Decision 350's net, read apart from the roles above: a sentence of the item's own text puts a departure word
   * (resign, retire, step down, terminated, leave, separation, cease to serve ...) near an officer's title (chief ...
   * officer, president, general counsel, treasurer ...), not as a past, conditional or pay-plan mention; 'top' when the
   * title beside it is the CEO's, the CFO's, the company's president's or the chair's.
   */
  departureNet?: 'top' | 'officer';
  /** The sentence the net read, as filed (cut at 220 characters). */
  departureNetSaid?: string;
  /**
   * Decision 353's net, the companion of departureNet: an appointment word (appointed, elected, named, promoted, hired,
   * will join or serve as ...) followed closely by an officer's title, not as a past, conditional, planned or pay-term
   * mention; 'top' when the office is the CEO's, the CFO's or the company's president's (the rubric's HIGH appointment).
   */
  appointmentNet?: 'top' | 'officer';
  /** The sentence the appointment net read, as filed (cut at 220 characters). */
  appointmentNetSaid?: string;
}

/** One 8-K item's own text, read: the opening sentences as filed and the facts for the rules. */
export interface ItemContent {
  number: string;
  /** The item's first sentences, as filed (the readings read them). */
  quote: string | null;
  /**
   * The first sentences after the furnished-not-filed legend and its lead-in, when the item opens with them: what the
   * card and the email quote. The readings keep `quote`.
   */
  shownQuote?: string;
  officers?: OfficerFacts;
  deal?: {
    kind:
      | 'being_acquired'
      | 'acquisition'
      | 'disposal'
      | 'financing'
      | 'compensation'
      | 'rights_plan'
      | 'buyback'
      | 'premises_lease'
      | 'other';
    /** The largest dollar sum the item states as a price or size. */
    amountUsd: number | null;
    /**
     * The largest sum stated in a sentence that names it as the deal's price (purchase price, consideration, "for $X"),
     * or null when none is (decision 359). Absent on parses stored before it was read.
     */
    pricedUsd?: number | null;
    /** Completes or closes what an earlier filing announced. */
    followUp: boolean;
    /** An amendment, extension or restatement of an existing agreement. */
    amendment: boolean;
    /** The amendment adds debt ("$90 million of additional term debt", "increases the commitments"). */
    enlarged?: boolean;
    /** A credit facility that replaces an existing one and is no larger: no new debt. */
    renewal?: boolean;
    /** Notes sold under a standing debt programme (a terms agreement, medium-term notes): normal-course funding. */
    programme?: boolean;
    /**
     * The filing says the company's own holders must approve the deal or its share issuance (a joint
     * proxy, both companies' holders): exchange rules ask for that vote when 20% or more of the shares
     * are issued, so the deal is large against the company even when no price can be read.
     */
    holdersVote?: boolean;
    /** A buyback of the company's own shares from a holder: how many, and from whom (its defined term when it has one). */
    buyback?: { shares: number; from: string | null };
    /** The financing sells new shares of the company (an underwritten or direct offering), not debt. */
    shares?: boolean;
    /** The agreement is a regulator's enforcement order the company consents to (a cease-and-desist or consent order). */
    regulatoryOrder?: boolean;
  };
  listing?: {
    kind: 'deficiency' | 'composition' | 'cured' | 'delisting' | 'voluntary_delisting' | 'transfer';
    exchange: string | null;
    cureDays: number | null;
  };
  vote?: { failed: boolean; sayOnPayRejected: boolean; contested: boolean; special: boolean; deal: boolean };
  /**
   * Items 5.03/5.05 (decision 357): the rubric's MEDIUM cell, a reverse split or an anti-takeover change, when the
   * item's text states one; null for a tidy-up. Items 7.01/8.01 carry it only when their opening states a reverse split.
   */
  governance?: { notable: 'reverse_split' | 'anti_takeover' | null };
  /** companion: supplemental figures furnished beside the results announced the same day, not the release. */
  results?: { warning: boolean; companion?: boolean };
  auditor?: { resigned: boolean; flagged: boolean };
  topics?: (
    | 'going_concern'
    | 'bankruptcy'
    | 'capital_deficiency'
    | 'enforcement'
    | 'tender_offer'
    | 'recall'
    | 'investigation'
    | 'guidance_withdrawn'
    | 'expected_decline'
    | 'credit_warning'
    | 'debt_for_equity'
    | 'strategic_alternatives'
    | 'separation'
    | 'being_acquired'
    | 'merger'
    // Decision 371: a 'merger' read as the company buying another with no vote of its own holders and no combination
    // of peers (the 1.01 row's unsized acquisition, said in an 8.01 or 7.01).
    | 'acquisition'
    | 'lawsuit'
    | 'buyback'
    | 'dividend_change'
    | 'results'
    | 'compensation'
    | 'reorganized'
    | 'routine'
    | 'facility_renewed'
    | 'debt_programme'
  )[];
  /**
   * Items 7.01/8.01 (decision 347): the words in the item's own opening and the press release headline that name an
   * event a holder could act on (a default, a lawsuit, a resignation, an acquisition ...), read when no finer reading
   * places the item. [] when there are none: a routine disclosure. Absent on parses stored before decision 347.
   */
  eventWords?: string[];
  /** Items 5.01 and 1.03: a reorganization plan's effective date or an emergence (the bankruptcy's end, not its start). */
  reorganized?: boolean;
  /** Item 3.02: the shares were sold at the closing of a sale agreed on an earlier date. */
  saleClosed?: boolean;
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
  /** The report states substantial doubt about the company's ability to continue as a going concern (decision 342). */
  goingConcern?: boolean;
  /** The cover's shares outstanding (decision 366); absent when not stated, and on reports stored before it was read. */
  sharesOutstanding?: StatedShares;
  /** Total assets at the latest balance-sheet date the inline XBRL states (decision 366); absent when not stated. */
  totalAssets?: StatedAssets;
}

/** Shares outstanding as a report's cover states them, summed over classes of common stock. */
export interface StatedShares {
  shares: number;
  /** The date the cover gives the count as of. */
  asOf: string;
  classes: number;
  /** The inline XBRL fact dei:EntityCommonStockSharesOutstanding, or the cover's own sentence. */
  from: 'dei' | 'cover';
}

export interface StatedAssets {
  usd: number;
  /** The balance-sheet date. */
  asOf: string;
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
  /** The holder has ceased to own more than 5% (13G Item 5's box, XML classOwnership5PercentOrLess): null when not stated. */
  ceasedFivePercent?: boolean | null;
  /** 13D Item 4: the sentence stating an action taken (a letter or proposal delivered, nominations, an agreement), or null. */
  purposeAction?: string | null;
  /** The item the action's sentence stands in when not Item 4 (a denial in Item 4 whose exception points to Item 3 or 6). */
  purposeActionItem?: number;
  /** A first 13D's stake from merger support agreements, an internal reorganisation or holdings from before the listing (Items 3-5), or null; 'plan-trustee' counts on a 13D/A too (decision 354). */
  stakeOrigin?:
    | 'deal-support'
    | 'reorganization'
    | 'pre-listing'
    | 'plan-trustee'
    | 'not-purchased'
    | 'capital-call'
    | null;
  /** The cover's title of the class reported on ("Common Stock", "Non-cumulative Dollar Preference Shares, Series M-T"). */
  classTitle?: string | null;
  /** The text says the shares went into a tender offer for all outstanding shares or were converted in the company's merger. */
  exitBySale?: boolean;
  /** 13D Item 5(c) reports no transaction in the class in the past sixty days ("None"): no recent purchase (decision 352). */
  noRecentTrades?: boolean;
  /** 13D/A Item 4: the holder's percentage changed only because the issuer sold or issued shares (decision 354). */
  dilutionOnly?: boolean;
  /** 13D/A: the issuer's merger was consummated and ended the holder's stake (decision 354). */
  exitByMerger?: boolean;
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
  /** A proposal asks holders to approve a reverse stock split (set only when it does). */
  reverseSplit?: true;
}

export interface OfferingDetail {
  kind: 'offering';
  offeringAmount: number | null;
  /** Form D: 'Indefinite' etc. when not a number. */
  offeringAmountText: string | null;
  amountSold: number | null;
  industryGroup: string | null;
  issuerName: string | null;
  /** A 424B5/424B7 prospectus supplement whose cover sells the company's own common equity: how it is sold. */
  equity?: 'at_the_market' | 'offering' | null;
  /**
   * What the registration is for, when it is not the company raising money: a resale by selling
   * holders (the company gets no proceeds) or a blank-check company's IPO (no business yet).
   */
  purpose?: 'resale' | 'blank_check';
  /** New shares offered over the shares outstanding before the offering (the prospectus summary), when both are stated. */
  dilution?: number;
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

export type FormFamily =
  | 'sale_notice'
  | 'ownership'
  | 'current'
  | 'periodic'
  | 'beneficial'
  | 'holdings'
  | 'proxy'
  | 'offering'
  | 'other';

export interface CompanyRef {
  cik: number | null;
  /** As EDGAR has it (the SEC header's conformed name, often in capitals: "APPLE INC"). */
  name: string | null;
  /** As the filing writes it where it states the name (cover, Form 4 issuer), else the conformed name made readable. */
  displayName?: string | null;
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
  filer: {
    cik: number | null;
    name: string | null;
    /** A 13D/G filer's name as its cover writes it ("Morgan Stanley" for "MORGAN STANLEY"), when it does. */
    displayName?: string | null;
  } | null;
  filedDate: string | null;
  acceptedAt: string | null;
  periodOfReport: string | null;
  primaryDocument: string | null;
  detail: FilingDetail | null;
  /** Why the data is incomplete (empty when complete); the UI shows '(incomplete data)'. */
  incomplete: string[];
}
