/**
 * A report's readable text as blocks (paragraphs, table rows, headings) with the one piece of
 * styling the section reader needs: whether a block, or its leading run, is set in bold, italic
 * or underline (risk factor headings are). One pass over the HTML; the joined text
 * (`blocks.map(b => b.text).join('\n')`) is the text every character span refers to.
 */
import { decodeEntities } from '../parse/text';

export interface Block {
  text: string;
  /** Offset of the block's text in the joined document text. */
  start: number;
  /** Share of the block's letters set in bold, italic or underline (0-1). */
  emphasis: number;
  /** Characters of the block's emphasised leading run (a heading run into its paragraph). */
  leadEmphasis: number;
  /** An in-document link target (id or name that a `href="#..."` points to) at or just before the block. */
  anchor?: string;
}

const BLOCK_TAGS = new Set(['p', 'div', 'br', 'tr', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'page', 'hr']);
const CELL_TAGS = new Set(['td', 'th']);
const VOID_TAGS = new Set(['br', 'hr', 'img', 'meta', 'link', 'input', 'col', 'wbr']);
const SKIP_TAGS = new Set(['script', 'style', 'ix:header', 'head', 'title']);

const BOLD_STYLE = /font-weight\s*:\s*(bold|[6-9]00)|font-style\s*:\s*italic|text-decoration\s*:\s*underline/i;
const EMPHASIS_TAGS = new Set(['b', 'strong', 'i', 'em', 'u']);

function emphasised(tag: string, attrs: string): boolean {
  if (EMPHASIS_TAGS.has(tag)) return true;
  const style = /style\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attrs);
  return style ? BOLD_STYLE.test(style[2] ?? style[3] ?? '') : false;
}

class BlockWriter {
  readonly blocks: Block[] = [];
  private parts: string[] = [];
  private letters = 0;
  private emphLetters = 0;
  private lead = 0;
  private leadOpen = true;
  private offset = 0;
  /** Set by a link target; given to the next block with text. */
  anchor: string | undefined;

  add(raw: string, emph: boolean): void {
    const text = raw.replace(/[\s\u00a0\u200b]+/g, ' ');
    if (text === ' ' && this.parts.length === 0) return;
    this.parts.push(text);
    const letters = text.replace(/[^A-Za-z0-9]/g, '').length;
    this.letters += letters;
    if (emph) this.emphLetters += letters;
    if (this.leadOpen) {
      if (emph || letters === 0) this.lead += text.length;
      else this.leadOpen = false;
    }
  }

  end(): void {
    const joined = this.parts.join('');
    const text = joined.replace(/ {2,}/g, ' ').trim();
    if (text) {
      const trimmedLead = Math.max(0, Math.min(text.length, this.lead - (joined.length - joined.trimStart().length)));
      this.blocks.push({
        text,
        start: this.offset,
        emphasis: this.letters ? this.emphLetters / this.letters : 0,
        leadEmphasis: this.leadOpen ? text.length : trimmedLead,
        ...(this.anchor ? { anchor: this.anchor } : {}),
      });
      this.anchor = undefined;
      this.offset += text.length + 1;
    }
    this.parts = [];
    this.letters = 0;
    this.emphLetters = 0;
    this.lead = 0;
    this.leadOpen = true;
  }
}

/** Blocks of an HTML (or inline XBRL) document. */
export function htmlBlocks(html: string): Block[] {
  const out = new BlockWriter();
  // Only ids a link points to are anchors (inline XBRL gives every fact an id too).
  const targets = new Set<string>();
  for (const m of html.matchAll(/href\s*=\s*["']#([^"']+)["']/gi)) targets.add(m[1]!);
  const stack: { tag: string; emph: boolean }[] = [];
  let emphDepth = 0;
  const token = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:.-]*)([^>]*)>|([^<]+)/g;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    if (m[4] != null) {
      if (/\S/.test(m[4]) || m[4].length) out.add(decodeEntities(m[4]), emphDepth > 0);
      continue;
    }
    if (!m[2]) continue;
    const tag = m[2].toLowerCase();
    const closing = m[1] === '/';
    if (!closing && SKIP_TAGS.has(tag)) {
      const close = new RegExp(`</${tag.replace('.', '\\.')}\\s*>`, 'gi');
      close.lastIndex = token.lastIndex;
      const found = close.exec(html);
      token.lastIndex = found ? close.lastIndex : html.length;
      continue;
    }
    if (BLOCK_TAGS.has(tag)) out.end();
    else if (CELL_TAGS.has(tag)) out.add(' ', false);
    if (!closing && targets.size > 0 && m[3]) {
      const id = /\b(?:id|name)\s*=\s*["']([^"']+)["']/i.exec(m[3]);
      if (id?.[1] && targets.has(id[1])) out.anchor = id[1];
    }
    if (VOID_TAGS.has(tag) || (m[3] ?? '').trimEnd().endsWith('/')) continue;
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at < 0) continue;
      for (const popped of stack.splice(at)) if (popped.emph) emphDepth -= 1;
    } else {
      const emph = emphasised(tag, m[3] ?? '');
      stack.push({ tag, emph });
      if (emph) emphDepth += 1;
    }
  }
  out.end();
  return out.blocks;
}

/** Blocks of a plain-text filing: paragraphs split on blank lines, hard-wrapped lines joined. */
export function textBlocks(text: string): Block[] {
  const out = new BlockWriter();
  const clean = text.replace(/<\/?(PAGE|S|C|FN|F\d+|CAPTION|TABLE)>/gi, '\n').replace(/\r/g, '');
  for (const para of clean.split(/\n\s*\n/)) {
    for (const line of para.split('\n')) out.add(`${line} `, false);
    out.end();
  }
  return out.blocks;
}

/** True for HTML (tags that make paragraphs), false for the old plain-text filings. */
export function looksLikeHtml(doc: string): boolean {
  return /<(html|body|div|p|font|br)[\s>/]/i.test(doc.slice(0, 20_000));
}

export function joinBlocks(blocks: Block[]): string {
  return blocks.map((b) => b.text).join('\n');
}
