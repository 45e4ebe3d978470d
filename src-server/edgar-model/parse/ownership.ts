/** Forms 3, 4, 5 and their amendments: the ownershipDocument XML (schemas X0202..X0508+). */
import { displayOwnerName, nameWords, titleCaseName } from '#shared/insider';
import { anyDateToIso } from './dates';
import type { OwnershipDetail, OwnershipOwner, OwnershipRow } from './types';
import { asArray, bool, child, footnoteIds, num, parseXml, path, text, textAt, type XmlNode } from './xml';

const TEN_B5_ONE = /10b5-?1/i;
const NEGATED_PLAN = /\bnot\b[^.]{0,60}10b5-?1/i;

function isPlanFootnote(footnote: string): boolean {
  return TEN_B5_ONE.test(footnote) && !NEGATED_PLAN.test(footnote);
}

function parseOwner(node: unknown): OwnershipOwner {
  const rel = child(node, 'reportingOwnerRelationship');
  const name = textAt(node, 'reportingOwnerId', 'rptOwnerName') ?? '';
  const cik = num(textAt(node, 'reportingOwnerId', 'rptOwnerCik'));
  return {
    cik: cik && cik > 0 ? cik : null,
    name,
    displayName: displayOwnerName(name),
    nameOrder: 'shape',
    officerTitle: textAt(rel, 'officerTitle'),
    isDirector: bool(textAt(rel, 'isDirector')),
    isOfficer: bool(textAt(rel, 'isOfficer')),
    isTenPercentOwner: bool(textAt(rel, 'isTenPercentOwner')),
    isOther: bool(textAt(rel, 'isOther')),
    otherText: textAt(rel, 'otherText'),
  };
}

/**
 * When a signature names the owner with the same words, its order is the person's own: "Sergey
 * Brin" signed and filed as "Sergey Brin" stays, "Cook Timothy D" signed "Timothy D. Cook" reads
 * as signed. Otherwise the name's shape decides (core/insider displayOwnerName). A signature that
 * repeats a name filed in EDGAR's capitals word for word in EDGAR's order ("Attorney-in-Fact for
 * Thibaud Didier M C" under THIBAUD DIDIER M C) is the filed name typed again, not the person's
 * order: the shape decides ("Didier M C Thibaud").
 */
function orderOwnerName(owner: OwnershipOwner, signatures: string[]): void {
  const words = nameWords(owner.name);
  if (words.length < 2) return;
  const capitals = !/[a-z]/.test(owner.name);
  for (const signed of signatures) {
    const signedWords = nameWords(signed);
    if (signedWords.length < 2 || signedWords.length > 5) continue;
    if (capitals && signedWords.join(' ') === words.join(' ')) continue;
    const same = words.filter((w) =>
      signedWords.some((s) => s === w || (s.length === 1 && w.startsWith(s)) || (w.length === 1 && s.startsWith(w))),
    );
    if (same.length < Math.min(2, words.length) || same.length < words.length - 1) continue;
    owner.displayName = titleCaseName(
      signed.replace(/\.(?=\s|$)/g, (_m, i: number) => (/\b[A-Za-z]$/.test(signed.slice(0, i)) ? '.' : '')),
    );
    owner.nameOrder = 'signature';
    return;
  }
}

function ad(value: string | null): 'A' | 'D' | null {
  return value === 'A' || value === 'D' ? value : null;
}

function di(value: string | null): 'D' | 'I' | null {
  return value === 'D' || value === 'I' ? value : null;
}

function parseRow(
  node: unknown,
  tableKind: OwnershipRow['tableKind'],
  isHolding: boolean,
  rowIndex: number,
  footnotes: Map<string, string>,
): OwnershipRow {
  const amounts = child(node, 'transactionAmounts');
  const shares = num(textAt(amounts, 'transactionShares'));
  const pricePerShare = num(textAt(amounts, 'transactionPricePerShare'));
  // Securities not counted in shares (notes, swaps) state a dollar amount instead (schema X0306+).
  const totalValue = num(textAt(amounts, 'transactionTotalValue'));
  const post = child(node, 'postTransactionAmounts');
  const attached = [...footnoteIds(node)].map((id) => ({ id, text: footnotes.get(id) ?? '' }));
  return {
    tableKind,
    isHolding,
    rowIndex,
    securityTitle: textAt(node, 'securityTitle'),
    transactionDate: anyDateToIso(textAt(node, 'transactionDate')),
    code: textAt(node, 'transactionCoding', 'transactionCode'),
    equitySwap: isHolding ? null : bool(textAt(node, 'transactionCoding', 'equitySwapInvolved')),
    acquiredDisposed: ad(textAt(amounts, 'transactionAcquiredDisposedCode')),
    shares,
    pricePerShare,
    value:
      shares != null && pricePerShare != null ? Math.round(shares * pricePerShare * 100) / 100 : (totalValue ?? null),
    totalValue,
    sharesOwnedAfter: num(textAt(post, 'sharesOwnedFollowingTransaction')),
    valueOwnedAfter: num(textAt(post, 'valueOwnedFollowingTransaction')),
    directIndirect: di(textAt(node, 'ownershipNature', 'directOrIndirectOwnership')),
    natureOfOwnership: textAt(node, 'ownershipNature', 'natureOfOwnership'),
    is10b51: attached.some((f) => isPlanFootnote(f.text)),
    planSource: attached.some((f) => isPlanFootnote(f.text)) ? 'footnote' : null,
    footnotes: attached,
    conversionOrExercisePrice: num(textAt(node, 'conversionOrExercisePrice')),
    exerciseDate: anyDateToIso(textAt(node, 'exerciseDate')),
    expirationDate: anyDateToIso(textAt(node, 'expirationDate')),
    underlyingTitle: textAt(node, 'underlyingSecurity', 'underlyingSecurityTitle'),
    underlyingShares: num(textAt(node, 'underlyingSecurity', 'underlyingSecurityShares')),
  };
}

function tableRows(doc: XmlNode, footnotes: Map<string, string>): OwnershipRow[] {
  const rows: OwnershipRow[] = [];
  const tables: [string, OwnershipRow['tableKind'], string, string][] = [
    ['nonDerivativeTable', 'non_derivative', 'nonDerivativeTransaction', 'nonDerivativeHolding'],
    ['derivativeTable', 'derivative', 'derivativeTransaction', 'derivativeHolding'],
  ];
  for (const [tableKey, kind, txKey, holdingKey] of tables) {
    const table = child(doc, tableKey);
    for (const [i, node] of asArray(child(table, txKey)).entries())
      rows.push(parseRow(node, kind, false, i, footnotes));
    for (const [i, node] of asArray(child(table, holdingKey)).entries())
      rows.push(parseRow(node, kind, true, i, footnotes));
  }
  return rows;
}

/**
 * The 10b5-1 checkbox says some transaction was made under a plan. When footnotes name the rows,
 * those rows carry it; when none do, every open-market sale or purchase does (the only trades a
 * plan can cover that the form reports as such).
 */
function applyPlanCheckbox(rows: OwnershipRow[], checkbox: boolean | null): void {
  if (!checkbox || rows.some((r) => r.is10b51)) return;
  for (const row of rows) {
    if (row.code === 'S' || row.code === 'P') {
      row.is10b51 = true;
      row.planSource = 'checkbox';
    }
  }
}

/**
 * A plan stated once in the remarks ("All transactions reported in this Form 4 were effected
 * pursuant to a Rule 10b5-1 trading plan") covers the rows it names: sales when it speaks of
 * sales, purchases of purchases, otherwise every open-market sale and purchase. Rows a footnote
 * already marks keep that source.
 */
export function applyPlanRemarks(rows: OwnershipRow[], remarks: string | null): void {
  if (!remarks || !isPlanFootnote(remarks)) return;
  const sentence = remarks.split(/(?<=\.)\s+/).find((s) => TEN_B5_ONE.test(s)) ?? remarks;
  const sales = /\b(sales?|sold|dispositions?)\b/i.test(sentence);
  const purchases = /\b(purchases?|bought|acquisitions?)\b/i.test(sentence);
  const all = /\ball\b|\beach\b|transactions/i.test(sentence);
  const codes = sales && !purchases && !all ? ['S'] : purchases && !sales && !all ? ['P'] : ['S', 'P'];
  for (const row of rows) {
    if (row.isHolding || row.is10b51 || !codes.includes(row.code ?? '')) continue;
    row.is10b51 = true;
    row.planSource = 'remarks';
  }
}

/** "/s/ Sergey Brin", "By: /s/ Jane Roe, Attorney-in-Fact for John Doe" -> the signer the form is for. */
export function signedName(signature: string): string {
  let s = signature.replace(/\s+/g, ' ').trim();
  const forWhom = /attorney[- ]in[- ]fact\s+(?:for|on behalf of)\s+(.+)$/i.exec(s);
  if (forWhom?.[1]) s = forWhom[1];
  else s = s.replace(/,?\s*(?:as\s+)?attorney[- ]in[- ]fact.*$/i, '').replace(/,?\s*by power of attorney.*$/i, '');
  return s
    .replace(/^(?:by:?\s*)?\/s\/\s*/i, '')
    .replace(/^by:?\s*/i, '')
    .replace(/\*+/g, '')
    .trim();
}

/** Parses one ownershipDocument; returns null when the XML is not one. */
export function parseOwnershipXml(xml: string): OwnershipDetail | null {
  const root = parseXml(xml);
  const doc = child(root, 'ownershipDocument');
  if (!doc || typeof doc !== 'object') return null;
  const footnotes = new Map<string, string>();
  for (const f of asArray(path(doc, 'footnotes', 'footnote'))) {
    const id = child(f, '@_id');
    if (typeof id === 'string') footnotes.set(id, (text(f) ?? '').replace(/\s+/g, ' '));
  }
  const checkboxText = textAt(doc, 'aff10b5One');
  const aff10b5One = checkboxText == null ? null : bool(checkboxText);
  const rows = tableRows(doc as XmlNode, footnotes);
  const remarks = textAt(doc, 'remarks');
  applyPlanRemarks(rows, remarks);
  applyPlanCheckbox(rows, aff10b5One);
  const signatureNames = asArray(child(doc, 'ownerSignature'))
    .map((sig) => signedName(textAt(sig, 'signatureName') ?? ''))
    .filter(Boolean);
  const owners = asArray(child(doc, 'reportingOwner')).map(parseOwner);
  for (const owner of owners) orderOwnerName(owner, signatureNames);
  const issuerCik = num(textAt(doc, 'issuer', 'issuerCik'));
  return {
    kind: 'ownership',
    documentType: textAt(doc, 'documentType') ?? '',
    periodOfReport: anyDateToIso(textAt(doc, 'periodOfReport')),
    issuer: {
      cik: issuerCik,
      name: textAt(doc, 'issuer', 'issuerName'),
      tradingSymbol: textAt(doc, 'issuer', 'issuerTradingSymbol')?.toUpperCase() ?? null,
    },
    owners,
    rows,
    aff10b5One,
    dateOfOriginalSubmission: anyDateToIso(textAt(doc, 'dateOfOriginalSubmission')),
    noSecuritiesOwned: bool(textAt(doc, 'noSecuritiesOwned')),
    remarks,
    signatureDate: anyDateToIso(textAt(asArray(child(doc, 'ownerSignature'))[0], 'signatureDate')),
    signatureNames,
    footnotes: [...footnotes].map(([id, t]) => ({ id, text: t })),
  };
}

/** What a reader would miss: the reasons the UI marks the filing '(incomplete data)'. */
export function ownershipGaps(detail: OwnershipDetail): string[] {
  const gaps: string[] = [];
  if (detail.owners.length === 0) gaps.push('no reporting owner');
  const trades = detail.rows.filter((r) => !r.isHolding);
  if (trades.length === 0 && detail.rows.length === 0 && !detail.noSecuritiesOwned && detail.documentType !== '3') {
    gaps.push('no transaction rows');
  }
  for (const row of trades) {
    if (row.shares == null && row.totalValue == null)
      gaps.push(`row ${row.rowIndex + 1} (${row.tableKind}) has no share amount`);
    if ((row.code === 'P' || row.code === 'S') && row.pricePerShare == null)
      gaps.push(`row ${row.rowIndex + 1} open-market trade has no price`);
  }
  return gaps;
}
