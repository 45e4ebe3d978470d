/**
 * Item headings in a report's blocks, and the choice among them: the table of contents lists
 * every item a few characters apart (dropped as a run), a heading in a table reads as one block
 * ("Item 1A. | Risk Factors"), and "Item 1A." / "ITEM 1A —" / "Item 1A:" all count. A heading
 * must carry its item's own title, so a paragraph that mentions "Item 7" is not one; of the
 * remaining headings of an item, the one with the longest section wins.
 */
import type { Block } from './blocks';
import { itemsOf, type ReportKind, type SectionId } from './items';

export interface Heading {
  key: string;
  section: SectionId | null;
  order: number;
  /** Block index and text offset of the heading. */
  block: number;
  start: number;
  title: string;
}

const ITEM_RE = /^(?:PART\s+(?:I{1,3}|IV)\b[\s.,:\-–—]*)?ITEMS?\s*(\d{1,2})\s*([A-C])?(?![0-9A-Z])[\s.:\-–—)]*(.*)$/i;
const MAX_HEADING_CHARS = 300;
/** A run of at least this many headings, each this close to the next, is a table of contents. */
const TOC_RUN = 4;
const TOC_GAP = 300;

function titleOf(blocks: Block[], i: number, rest: string): string {
  const own = rest.replace(/^["'“”]+/, '').trim();
  if (own.replace(/[^A-Za-z]/g, '').length >= 4) return own;
  // "Item 1A." alone in its block (or table cell row): the title is the next block.
  const next = blocks[i + 1]?.text ?? '';
  return next.length <= MAX_HEADING_CHARS ? next : '';
}

/** Every block that reads as an item heading of this kind of report. */
export function findHeadings(blocks: Block[], kind: ReportKind, plainText: boolean): Heading[] {
  const items = itemsOf(kind);
  const out: Heading[] = [];
  for (let i = 0; i < blocks.length; i += 1) {
    const b = blocks[i]!;
    if (b.text.length > MAX_HEADING_CHARS && !plainText) continue;
    const c0 = b.text.charCodeAt(0);
    // Fast reject: headings start with I(tem) or P(art).
    if (c0 !== 73 && c0 !== 105 && c0 !== 80 && c0 !== 112) continue;
    const m = ITEM_RE.exec(b.text.slice(0, 400));
    if (!m) continue;
    const suffix = `${Number(m[1])}${(m[2] ?? '').toUpperCase()}`;
    const title = titleOf(blocks, i, m[3] ?? '');
    const order = items.findIndex(
      (d) => (d.key === suffix || d.key.endsWith(`-${suffix}`)) && d.title.test(title.replace(/^[\s"'“”]+/, '')),
    );
    if (order < 0) continue;
    const def = items[order]!;
    out.push({
      key: def.key,
      section: def.section ?? null,
      order,
      block: i,
      start: b.start,
      title: title.slice(0, 120),
    });
  }
  return out;
}

/**
 * Drops tables of contents: runs of headings each a few characters before the next whose items
 * come again later. The heading right after a run (the first real item, often close behind the
 * contents) is kept: its own next heading is far away. A run of short real items ("Item 4. Mine
 * Safety Disclosures. Not applicable.") is kept: its items do not come again.
 */
function repeatedLater(headings: Heading[], from: number, to: number): boolean {
  const later = new Set(headings.slice(to + 1).map((h) => h.key));
  const run = headings.slice(from, to + 1);
  return run.filter((h) => later.has(h.key)).length * 2 >= run.length;
}

export function dropContents(headings: Heading[]): Heading[] {
  const close = headings.map((h, i) => i + 1 < headings.length && headings[i + 1]!.start - h.start < TOC_GAP);
  const keep = headings.map(() => true);
  let runStart = 0;
  for (let i = 0; i <= headings.length; i += 1) {
    if (i < headings.length && close[i]) continue;
    if (i - runStart >= TOC_RUN && repeatedLater(headings, runStart, i))
      for (let j = runStart; j < i; j += 1) keep[j] = false;
    runStart = i + 1;
  }
  return headings.filter((_, i) => keep[i]);
}

export interface ChosenSection {
  heading: Heading;
  /** Text offsets: from the heading to where the next item begins. */
  start: number;
  end: number;
  /** Blocks of the body (after the heading, before the end). */
  firstBlock: number;
  endBlock: number;
}

/** One section per wanted item: the heading whose section (to the next other item) is longest. */
export function chooseSections(headings: Heading[], blocks: Block[], textLength: number): ChosenSection[] {
  const best = new Map<SectionId, ChosenSection>();
  for (let i = 0; i < headings.length; i += 1) {
    const h = headings[i]!;
    if (!h.section) continue;
    let j = i + 1;
    while (j < headings.length && headings[j]!.key === h.key) j += 1;
    const next = headings[j];
    const end = next ? next.start - 1 : textLength;
    const endBlock = next ? next.block : blocks.length;
    const candidate: ChosenSection = { heading: h, start: h.start, end, firstBlock: h.block + 1, endBlock };
    const had = best.get(h.section);
    if (!had || end - h.start > had.end - had.start) best.set(h.section, candidate);
  }
  return [...best.values()].sort((a, b) => a.start - b.start);
}
