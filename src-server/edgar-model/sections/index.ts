/**
 * The 10-K / 10-Q section reader: a report (full submission `.txt`, bare HTML or inline XBRL
 * document, or an old plain-text filing) -> its compared sections with character spans in the
 * report's readable text, and Risk Factors split into individual factors. Pure; never throws on
 * odd input (a report whose items it cannot find yields no sections).
 */
import { parseSubmission } from '../parse/sgml';
import { type Block, htmlBlocks, joinBlocks, looksLikeHtml, textBlocks } from './blocks';
import { chooseSections, dropContents, findHeadings } from './headings';
import { reportKind, type ReportKind, SECTION_TITLES, type SectionId } from './items';
import { type RiskFactor, splitRiskFactors } from './risk-factors';

export type { RiskFactor } from './risk-factors';
export { reportKind, SECTION_ORDER, SECTION_TITLES, type ReportKind, type SectionId } from './items';

export interface Section {
  id: SectionId;
  /** The item as the form numbers it: '1A' (10-K), 'II-1A' (10-Q). */
  item: string;
  title: string;
  /** Span in the report's readable text (`ReportSections.text`), heading included. */
  start: number;
  end: number;
  /** The section's words without its heading and page furniture: what is compared. */
  body: string;
  /** The in-document link target of its heading (sec.gov document URL + '#' + anchor), when the filer made one. */
  anchor: string | null;
}

export interface ReportSections {
  kind: ReportKind;
  /** The primary document's file name inside the submission, when it came from one. */
  documentName: string | null;
  /** The readable text every span refers to. */
  text: string;
  sections: Section[];
  riskFactors: RiskFactor[];
}

/** Page numbers, running heads, "Table of Contents" back-links: not the filer's words. */
const FURNITURE =
  /^(table of contents|index|\d{1,3}|page \d+|[ivx]{1,5}|.{0,60}\|\s*(fiscal )?\d{4} form 10-[kq]\s*\|\s*\d+|.{0,80}form 10-[kq]\s+\d{1,3})$/i;

function isFurniture(b: Block): boolean {
  return b.text.length < 120 && FURNITURE.test(b.text);
}

/** The report's own document inside a full submission, or the document itself. */
function primaryDocument(raw: string, formType: string | null): { doc: string; name: string | null } {
  if (!/<DOCUMENT>|<SEC-DOCUMENT>|ACCESSION NUMBER:/i.test(raw.slice(0, 5_000))) return { doc: raw, name: null };
  const { documents } = parseSubmission(raw);
  const wanted = (formType ?? '').toUpperCase();
  const pick =
    documents.find((d) => d.type.toUpperCase() === wanted) ??
    documents.find((d) => /^10-[KQ]/i.test(d.type)) ??
    documents[0];
  return pick ? { doc: pick.text, name: pick.filename } : { doc: raw, name: null };
}

/** Form type from the document's own cover when the caller does not know it. */
function detectReportKind(raw: string): ReportKind | null {
  const header = /CONFORMED SUBMISSION TYPE:\s*(\S+)|<TYPE>\s*(\S+)/i.exec(raw.slice(0, 20_000));
  const fromHeader = header ? reportKind(header[1] ?? header[2] ?? '') : null;
  if (fromHeader) return fromHeader;
  const dei = /dei:DocumentType"[^>]*>\s*(10-[KQ])/i.exec(raw.slice(0, 200_000));
  if (dei?.[1]) return reportKind(dei[1]);
  const cover = /FORM\s+(10-[KQ])/i.exec(raw.replace(/<[^>]+>|&#160;|&nbsp;/gi, ' ').slice(0, 200_000));
  return cover?.[1] ? reportKind(cover[1]) : null;
}

/** The heading's own link target, or one set just before it (an empty anchor div, a "PART I" line). */
function anchorOf(blocks: Block[], at: number): string | null {
  for (let i = at; i >= Math.max(0, at - 2); i -= 1) if (blocks[i]?.anchor) return blocks[i]!.anchor!;
  return null;
}

export function readSections(raw: string, formType?: string | null): ReportSections | null {
  const kind = (formType ? reportKind(formType) : null) ?? detectReportKind(raw);
  if (!kind) return null;
  const { doc, name } = primaryDocument(raw, formType ?? null);
  const styled = looksLikeHtml(doc);
  const blocks = styled ? htmlBlocks(doc) : textBlocks(doc);
  const text = joinBlocks(blocks);
  const headings = dropContents(findHeadings(blocks, kind, !styled));
  const chosen = chooseSections(headings, blocks, text.length);
  const sections: Section[] = [];
  let riskFactors: RiskFactor[] = [];
  for (const c of chosen) {
    const id = c.heading.section as SectionId;
    let first = c.firstBlock;
    // A heading split over two blocks ("Item 1A." then "Risk Factors"): the title is not body.
    if (blocks[first] && blocks[first]!.text === c.heading.title) first += 1;
    const bodyBlocks = blocks.slice(first, c.endBlock).filter((b) => !isFurniture(b));
    sections.push({
      id,
      item: c.heading.key,
      title: SECTION_TITLES[id],
      start: c.start,
      end: c.end,
      body: joinBlocks(bodyBlocks),
      anchor: anchorOf(blocks, c.heading.block),
    });
    if (id === 'risk_factors') riskFactors = splitRiskFactors(bodyBlocks, styled);
  }
  return { kind, documentName: name, text, sections, riskFactors };
}
