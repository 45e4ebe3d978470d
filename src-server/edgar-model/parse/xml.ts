import { parseMiniXml } from './mini-xml';

/** Elements that may repeat in the EDGAR XML schemas we read; always parsed as arrays. */
const ARRAYS = new Set([
  'reportingOwner',
  'nonDerivativeTransaction',
  'nonDerivativeHolding',
  'derivativeTransaction',
  'derivativeHolding',
  'footnote',
  'footnoteId',
  'infoTable',
  'coverPageHeaderReportingPersonDetails',
  'reportingPersonInfo',
  'issuerCusipNumber',
  'typeOfReportingPerson',
  'relatedPersonInfo',
]);

export type XmlNode = Record<string, unknown>;

/** Parses XML into plain objects (text values stay strings: CIKs keep their zeros). */
export function parseXml(xml: string): XmlNode {
  return parseMiniXml(xml, ARRAYS);
}

export function child(node: unknown, key: string): unknown {
  return node && typeof node === 'object' ? (node as XmlNode)[key] : undefined;
}

/** Text of an element, or of its `<value>` child (ownership documents wrap most values). */
export function text(node: unknown): string | null {
  if (node == null) return null;
  if (typeof node === 'string') return node.trim() || null;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (typeof node === 'object') {
    const obj = node as XmlNode;
    if ('value' in obj) return text(obj.value);
    if ('#text' in obj) return text(obj['#text']);
  }
  return null;
}

export function path(node: unknown, ...keys: string[]): unknown {
  let current = node;
  for (const key of keys) current = child(current, key);
  return current;
}

export function textAt(node: unknown, ...keys: string[]): string | null {
  return text(path(node, ...keys));
}

export function num(value: string | null): number | null {
  if (value == null || value === '') return null;
  const direct = Number(value);
  if (Number.isFinite(direct)) return direct;
  const cleaned = value.replace(/[$,\s]/g, '');
  if (!/^-?\d*\.?\d+(e[+-]?\d+)?$/i.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

export function bool(value: string | null): boolean {
  return value === '1' || value?.toLowerCase() === 'true' || value?.toUpperCase() === 'Y';
}

export function asArray(value: unknown): unknown[] {
  if (value == null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** Every footnoteId id under a node (rows attach footnotes to any of their fields). */
export function footnoteIds(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) footnoteIds(item, into);
  } else if (node && typeof node === 'object') {
    const obj = node as XmlNode;
    for (const key in obj) {
      const value = obj[key];
      if (key === 'footnoteId') {
        for (const ref of asArray(value)) {
          const id = child(ref, '@_id');
          if (typeof id === 'string') into.add(id);
        }
      } else if (typeof value === 'object') {
        footnoteIds(value, into);
      }
    }
  }
  return into;
}
