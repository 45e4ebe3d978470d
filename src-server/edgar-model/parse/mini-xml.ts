/**
 * A small, fast XML reader for EDGAR's machine-written XML (ownership documents, 13F tables):
 * elements, attributes, text, CDATA, entities; namespace prefixes dropped. It produces the same
 * plain-object shape as fast-xml-parser with our options (repeated or listed elements become
 * arrays, attributes under '@_name', mixed text under '#text') at several times its speed, which
 * keeps Form 4 ingest well above EDGAR's peak rate on one core.
 */
import { decodeEntities } from './text';

export type MiniNode = Record<string, unknown>;

const ATTR = /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function localName(name: string): string {
  const i = name.indexOf(':');
  return i === -1 ? name : name.slice(i + 1);
}

function addChild(parent: MiniNode, name: string, value: unknown, arrays: ReadonlySet<string>): void {
  const existing = parent[name];
  if (existing === undefined) parent[name] = arrays.has(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

/** Collapses an element with only text into that string, as fast-xml-parser does. */
function finish(node: MiniNode, text: string): unknown {
  const keys = Object.keys(node);
  const t = text.trim();
  if (keys.length === 0) return t ? decodeIfNeeded(t) : '';
  if (t) node['#text'] = decodeIfNeeded(t);
  return node;
}

function decodeIfNeeded(s: string): string {
  return s.includes('&') ? decodeEntities(s) : s;
}

/** Whitespace between tags is most of the text in machine-written XML: skip it without slicing. */
function hasText(xml: string, from: number, to: number): boolean {
  for (let k = from; k < to; k += 1) {
    const c = xml.charCodeAt(k);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return true;
  }
  return false;
}

export function parseMiniXml(xml: string, arrays: ReadonlySet<string>): MiniNode {
  const root: MiniNode = {};
  const stack: { name: string; node: MiniNode; text: string }[] = [{ name: '', node: root, text: '' }];
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const top = stack[stack.length - 1]!;
    if (lt === -1) break;
    if (lt > i && hasText(xml, i, lt)) top.text += xml.slice(i, lt);
    const next = xml.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt);
        top.text += xml.slice(lt + 9, end === -1 ? n : end).replace(/&/g, '&amp;');
        i = end === -1 ? n : end + 3;
      } else {
        const end = xml.startsWith('<!--', lt) ? xml.indexOf('-->', lt) + 3 : xml.indexOf('>', lt) + 1;
        i = end <= 0 ? n : end;
      }
      continue;
    }
    if (next === 63 /* ? */) {
      const end = xml.indexOf('?>', lt);
      i = end === -1 ? n : end + 2;
      continue;
    }
    const gt = xml.indexOf('>', lt);
    if (gt === -1) break;
    if (next === 47 /* / */) {
      const name = localName(xml.slice(lt + 2, gt).trim());
      // Close up to the matching element (tolerates unclosed children).
      let k = stack.length - 1;
      while (k > 0 && stack[k]!.name !== name) k -= 1;
      if (k > 0) {
        while (stack.length > k) {
          const done = stack.pop()!;
          addChild(stack[stack.length - 1]!.node, done.name, finish(done.node, done.text), arrays);
        }
      }
      i = gt + 1;
      continue;
    }
    let nameEnd = lt + 1;
    for (
      let c = xml.charCodeAt(nameEnd);
      nameEnd < gt && c !== 32 && c !== 47 && c !== 10 && c !== 13 && c !== 9;
      c = xml.charCodeAt(++nameEnd)
    );
    const name = localName(xml.slice(lt + 1, nameEnd));
    const selfClosing = xml.charCodeAt(gt - 1) === 47;
    const node: MiniNode = {};
    if (nameEnd < gt) {
      const attrs = xml.slice(nameEnd, selfClosing ? gt - 1 : gt);
      for (const a of attrs.matchAll(ATTR)) {
        const attrName = a[1] ?? '';
        if (attrName.startsWith('xmlns')) continue;
        node[`@_${localName(attrName)}`] = decodeIfNeeded(a[3] ?? a[4] ?? '');
      }
    }
    if (selfClosing) addChild(top.node, name, Object.keys(node).length ? node : '', arrays);
    else stack.push({ name, node, text: '' });
    i = gt + 1;
  }
  while (stack.length > 1) {
    const done = stack.pop()!;
    addChild(stack[stack.length - 1]!.node, done.name, finish(done.node, done.text), arrays);
  }
  return root;
}
