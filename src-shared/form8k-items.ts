/** Form 8-K item numbers and their official titles (since August 2004), plus the older numbering. */
export const FORM_8K_ITEMS: Record<string, string> = {
  '1.01': 'Entry into a Material Definitive Agreement',
  '1.02': 'Termination of a Material Definitive Agreement',
  '1.03': 'Bankruptcy or Receivership',
  '1.04': 'Mine Safety - Reporting of Shutdowns and Patterns of Violations',
  '1.05': 'Material Cybersecurity Incidents',
  '2.01': 'Completion of Acquisition or Disposition of Assets',
  '2.02': 'Results of Operations and Financial Condition',
  '2.03':
    'Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant',
  '2.04':
    'Triggering Events That Accelerate or Increase a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement',
  '2.05': 'Costs Associated with Exit or Disposal Activities',
  '2.06': 'Material Impairments',
  '3.01': 'Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing',
  '3.02': 'Unregistered Sales of Equity Securities',
  '3.03': 'Material Modification to Rights of Security Holders',
  '4.01': "Changes in Registrant's Certifying Accountant",
  '4.02':
    'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review',
  '5.01': 'Changes in Control of Registrant',
  '5.02':
    'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers',
  '5.03': 'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year',
  '5.04': "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans",
  '5.05': "Amendments to the Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics",
  '5.06': 'Change in Shell Company Status',
  '5.07': 'Submission of Matters to a Vote of Security Holders',
  '5.08': 'Shareholder Director Nominations',
  '6.01': 'ABS Informational and Computational Material',
  '6.02': 'Change of Servicer or Trustee',
  '6.03': 'Change in Credit Enhancement or Other External Support',
  '6.04': 'Failure to Make a Required Distribution',
  '6.05': 'Securities Act Updating Disclosure',
  '6.06': 'Static Pool',
  '6.10': 'Alternative Filings of Asset-Backed Issuers',
  '7.01': 'Regulation FD Disclosure',
  '8.01': 'Other Events',
  '9.01': 'Financial Statements and Exhibits',
};

/** Items 1-12 of 8-Ks filed before 2004-08-23, mapped to today's equivalent item. */
export const LEGACY_8K_ITEMS: Record<string, string> = {
  '1': '5.01',
  '2': '2.01',
  '3': '1.03',
  '4': '4.01',
  '5': '8.01',
  '6': '5.02',
  '7': '9.01',
  '8': '5.03',
  '9': '7.01',
  '10': '5.05',
  '11': '5.04',
  '12': '2.02',
};

/** The day the current 8-K numbering took effect. */
export const CURRENT_8K_ITEMS_SINCE = '2004-08-23';

/** Lower case, "&" as "and", punctuation out, each word singular ("Costs" and "Cost" match). */
function normalise(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[’']s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .join(' ')
    .trim();
}

/**
 * Titles EDGAR headers and filer agents use besides today's: the 2004-2006 wording of 5.02, the
 * item titles of the 1-12 numbering before August 2004 (mapped to today's item), and short forms.
 */
const OTHER_TITLES: [string, string][] = [
  ['Departure of Directors or Principal Officers; Election of Directors; Appointment of Principal Officers', '5.02'],
  ['Departure of Directors or Certain Officers', '5.02'],
  ['Changes in Control of Registrant', '5.01'],
  ['Acquisition or Disposition of Assets', '2.01'],
  ['Bankruptcy or Receivership', '1.03'],
  ["Changes in Registrant's Certifying Accountant", '4.01'],
  ['Other Events', '8.01'],
  ['Other Events and Regulation FD Disclosure', '8.01'],
  ["Resignations of Registrant's Directors", '5.02'],
  ['Resignation of Registrant Directors', '5.02'],
  ['Financial Statements, Pro Forma Financial Information and Exhibits', '9.01'],
  ['Financial Statements and Exhibits', '9.01'],
  ['Change in Fiscal Year', '5.03'],
  ['Regulation FD Disclosure', '7.01'],
  ["Amendments to the Registrant's Code of Ethics", '5.05'],
  ["Temporary Suspension of Trading Under Registrant's Employee Benefit Plans", '5.04'],
  ['Results of Operations and Financial Condition', '2.02'],
  ['Submission of Matters to a Vote of Security Holders', '5.07'],
  ['Material Impairment', '2.06'],
];

const BY_TITLE: [string, string][] = [
  ...Object.entries(FORM_8K_ITEMS).map(([num, title]): [string, string] => [normalise(title), num]),
  ...OTHER_TITLES.map(([title, num]): [string, string] => [normalise(title), num]),
];

/**
 * EDGAR's text headers carry item titles ("ITEM INFORMATION: Other Events"), not always today's
 * wording: case, punctuation, singular/plural ("Cost Associated with Exit..."), the pre-2004
 * titles and a bare item number ("7", "2.02") all occur. Matched on normalised words; a title that
 * is the start of a known one (or the other way round) counts, the longest match first.
 * `filedDate` decides what a bare 1-12 number means (before 2004-08-23: the old numbering).
 */
export function itemNumberForTitle(title: string, filedDate: string | null = null): string | null {
  const raw = title
    .trim()
    .replace(/^item\s+/i, '')
    .replace(/[.:]\s*$/, '');
  if (/^\d{1,2}\.\d{2}$/.test(raw)) return FORM_8K_ITEMS[raw] ? raw : null;
  if (/^\d{1,2}$/.test(raw))
    return !filedDate || filedDate < CURRENT_8K_ITEMS_SINCE ? (LEGACY_8K_ITEMS[raw] ?? null) : null;
  const t = normalise(title);
  if (!t || t.length < 5) return null;
  const exact = BY_TITLE.find(([n]) => n === t);
  if (exact) return exact[1];
  const candidates = BY_TITLE.filter(([n]) => n.startsWith(t) || t.startsWith(n));
  candidates.sort((a, b) => b[0].length - a[0].length);
  return candidates[0]?.[1] ?? null;
}

export function itemTitle(number: string): string {
  return FORM_8K_ITEMS[number] ?? `Item ${number}`;
}

/** Short labels for one-liners ("Apple Inc.: Results of operations (+1 more item)"). */
const SHORT: Record<string, string> = {
  '1.01': 'Material agreement signed',
  '1.02': 'Material agreement terminated',
  '1.03': 'Bankruptcy or receivership',
  '1.05': 'Material cybersecurity incident',
  '2.01': 'Acquisition or disposal completed',
  '2.02': 'Results of operations',
  '2.03': 'New financial obligation',
  '2.04': 'Obligation accelerated',
  '2.05': 'Restructuring costs',
  '2.06': 'Material impairment',
  // Item 3.01 holds deficiency notices with a cure period and voluntary transfers as well as delistings: the short
  // label names none of them, so a card that says "not a delisting" is not headed "Delisting notice".
  '3.01': 'Exchange listing notice',
  '3.02': 'Unregistered share sale',
  '3.03': 'Shareholder rights modified',
  '4.01': 'Auditor change',
  '4.02': 'Financial statements no longer reliable',
  '5.01': 'Change in control',
  // A 5.02 may only set pay (issue #25 class 1): the label does not say someone changed.
  '5.02': 'Directors, officers and pay',
  '5.03': 'Charter, bylaws or fiscal year change',
  '5.07': 'Shareholder vote results',
  '7.01': 'Regulation FD disclosure',
  '8.01': 'Other events',
  '9.01': 'Financial statements and exhibits',
};

export function itemShortLabel(number: string): string {
  return SHORT[number] ?? itemTitle(number);
}
