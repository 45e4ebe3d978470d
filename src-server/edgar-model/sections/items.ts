/**
 * The items of Forms 10-K and 10-Q as the section reader knows them: the standard order (so a
 * section ends where a later item begins), the titles that tell a heading from a mention, and
 * the sections we compare, named the same for both forms.
 */

export type { ReportSectionId as SectionId } from '#shared/report-diff';
import type { ReportSectionId as SectionId } from '#shared/report-diff';

export { REPORT_SECTION_IDS as SECTION_ORDER, REPORT_SECTION_TITLES as SECTION_TITLES } from '#shared/report-diff';

export type ReportKind = '10-K' | '10-Q';

interface ItemDef {
  /** '1A' for a 10-K; 'II-1A' for a 10-Q (part and item). */
  key: string;
  /** What the item's own title starts with (tells a heading from a stray "Item 7" line). */
  title: RegExp;
  section?: SectionId;
}

const RISK = /^risk\s+factors/i;
const LEGAL = /^legal\s+proceedings/i;
const MDNA = /^management['’`s]*\s+discussion/i;
const MARKET = /^quantitative\s+and\s+qualitative/i;
const CONTROLS = /^controls\s+and\s+procedures/i;

const TEN_K_ITEMS: ItemDef[] = [
  { key: '1', title: /^business/i, section: 'business' },
  { key: '1A', title: RISK, section: 'risk_factors' },
  { key: '1B', title: /^unresolved/i },
  { key: '1C', title: /^cybersecurity/i },
  { key: '2', title: /^(description\s+of\s+)?propert/i },
  { key: '3', title: LEGAL, section: 'legal_proceedings' },
  { key: '4', title: /^(mine\s+safety|submission|\(?removed|reserved|\[reserved)/i },
  { key: '5', title: /^market\s+for/i },
  { key: '6', title: /^(selected|\[?reserved|\(?removed)/i },
  { key: '7', title: MDNA, section: 'mdna' },
  { key: '7A', title: MARKET, section: 'market_risk' },
  { key: '8', title: /^(consolidated\s+)?financial\s+statements/i },
  { key: '9', title: /^changes\s+in\s+and\s+disagreements/i },
  { key: '9A', title: CONTROLS, section: 'controls' },
  { key: '9B', title: /^other\s+information/i },
  { key: '9C', title: /^disclosure\s+regarding/i },
  { key: '10', title: /^directors/i },
  { key: '11', title: /^executive\s+compensation/i },
  { key: '12', title: /^security\s+ownership/i },
  { key: '13', title: /^certain\s+relationships/i },
  { key: '14', title: /^principal\s+account/i },
  { key: '15', title: /^exhibits?/i },
  { key: '16', title: /^(form\s+10-k\s+summary|summary)/i },
];

const TEN_Q_ITEMS: ItemDef[] = [
  { key: 'I-1', title: /^(condensed\s+)?(consolidated\s+)?financial\s+statements/i },
  { key: 'I-2', title: MDNA, section: 'mdna' },
  { key: 'I-3', title: MARKET, section: 'market_risk' },
  { key: 'I-4', title: CONTROLS, section: 'controls' },
  { key: 'II-1', title: LEGAL, section: 'legal_proceedings' },
  { key: 'II-1A', title: RISK, section: 'risk_factors' },
  { key: 'II-2', title: /^(unregistered|changes\s+in\s+securities|issuer\s+purchases)/i },
  { key: 'II-3', title: /^defaults/i },
  { key: 'II-4', title: /^(mine\s+safety|submission|\(?removed|reserved)/i },
  { key: 'II-5', title: /^other\s+information/i },
  { key: 'II-6', title: /^exhibits?/i },
];

export function itemsOf(kind: ReportKind): ItemDef[] {
  return kind === '10-K' ? TEN_K_ITEMS : TEN_Q_ITEMS;
}

/** 10-K or 10-Q from a form type (10-K405, 10-KT, 10-K/A, 10-QT...); null for anything else. */
export function reportKind(formType: string): ReportKind | null {
  const f = formType.toUpperCase().trim();
  if (/^10-K/.test(f)) return '10-K';
  if (/^10-Q/.test(f)) return '10-Q';
  return null;
}
