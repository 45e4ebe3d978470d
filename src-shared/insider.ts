/** Insider-trade vocabulary shared by the server and the web app (Forms 3/4/5). */

/** SEC Form 4 transaction codes in plain words (General Instructions 8). */
export const TRANSACTION_CODES: Record<string, string> = {
  P: 'Open-market purchase',
  S: 'Open-market sale',
  V: 'Voluntarily reported early',
  A: 'Grant or award',
  D: 'Disposition to the issuer',
  F: 'Tax withholding (shares withheld)',
  I: 'Discretionary transaction',
  M: 'Option or RSU exercise/conversion',
  C: 'Conversion of a derivative security',
  E: 'Expiration of a short derivative position',
  H: 'Expiration or cancellation of a long derivative position',
  O: 'Exercise of an out-of-the-money derivative',
  X: 'Exercise of an in-the-money derivative',
  G: 'Gift',
  L: 'Small acquisition',
  W: 'Acquired or disposed by will or inheritance',
  Z: 'Deposit into or withdrawal from a voting trust',
  J: 'Other acquisition or disposition',
  K: 'Equity swap or similar instrument',
  U: 'Disposition in a change-of-control tender',
};

export function transactionCodeWords(code: string | null | undefined): string {
  if (!code) return 'Holding';
  return TRANSACTION_CODES[code.toUpperCase()] ?? `Code ${code}`;
}

const ENTITY_WORDS =
  /\b(INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|LLC|L\.L\.C|LP|L\.?\s?P|LLP|LTD|LIMITED|PLC|TRUST|FUND|FUNDS|HOLDINGS?|PARTNERS|PARTNERSHIP|CAPITAL|GROUP|MANAGEMENT|ADVIS[OE]RS?|INVESTMENTS?|INVESTORS|SECURITIES|FINANCIAL|FOUNDATION|BANK|REGENTS|UNIVERSITY|COLLEGE|INSTITUTE|ENDOWMENT|N\.?A|SA|SPA|AG|NV|GMBH|ASSOCIATES|VENTURES|ENTERPRISES|TR|ESTATE)\b\.?/i;

/** A name with a word only a firm, fund or trust carries ("BERKSHIRE HATHAWAY INC", "PRICE T ROWE ASSOCIATES INC"). */
export function isEntityName(name: string): boolean {
  return ENTITY_WORDS.test(name);
}

function titleCaseIfShouting(word: string): string {
  if (word !== word.toUpperCase() || !/[A-Z]{2}/.test(word)) return word;
  // A generation suffix stays a numeral ("James M Furey II", never "Ii").
  if (/^(?:II|III|IV)\.?$/.test(word)) return word;
  return word.toLowerCase().replace(/(^|[-'])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/**
 * Reporting-owner names are filed "Last First Middle" ("Musk Elon", "WILSON-THOMPSON KATHLEEN").
 * People read better as "Elon Musk"; entities ("Berkshire Hathaway Inc") stay as filed.
 */
export function displayOwnerName(filed: string): string {
  const name = filed.trim().replace(/\s+/g, ' ');
  if (!name) return name;
  if (isEntityName(name) || name.includes(',')) {
    // "Smith, John A" is already "Last, First": flip around the comma for people only.
    const comma = /^([^,]+),\s*([^,]+)$/.exec(name);
    if (comma?.[1] && comma[2] && !isEntityName(name))
      return `${comma[2]} ${comma[1]}`.split(' ').map(titleCaseIfShouting).join(' ');
    return name;
  }
  const parts = name.split(' ');
  if (parts.length < 2) return titleCaseIfShouting(name);
  // "First M. Last" (an initial in the middle, not at the end) is already in reading order.
  if (parts.length === 3 && /^[A-Za-z]\.?$/.test(parts[1]!) && !/^[A-Za-z]\.?$/.test(parts[2]!) && /[a-z]/.test(name)) {
    return parts.map(titleCaseIfShouting).join(' ');
  }
  const suffix = /^(JR|SR|II|III|IV)\.?$/i.test(parts[parts.length - 1] ?? '') ? parts.pop() : undefined;
  const [last, ...rest] = parts;
  return [...rest, last, ...(suffix ? [suffix] : [])].map((w) => titleCaseIfShouting(w ?? '')).join(' ');
}

/** Lower-case words of a name without punctuation ("Timothy D. Cook" -> timothy d cook). */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[.,/]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(jr|sr|ii|iii|iv|mr|ms|mrs|dr)$/.test(w));
}

/** "TIMOTHY D. COOK" -> "Timothy D. Cook"; mixed-case names stay as written. */
export function titleCaseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').split(' ').map(titleCaseIfShouting).join(' ');
}

/** A short role label for an owner: the officer title, else Director / 10% Owner / Other. */
export function ownerRoleLabel(owner: {
  officerTitle: string | null;
  isOfficer: boolean;
  isDirector: boolean;
  isTenPercentOwner: boolean;
  otherText?: string | null;
}): string {
  if (owner.officerTitle) return owner.officerTitle;
  if (owner.isOfficer) return 'Officer';
  if (owner.isDirector) return 'Director';
  if (owner.isTenPercentOwner) return '10% Owner';
  return owner.otherText || 'Other';
}
