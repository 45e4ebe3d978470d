/**
 * The labelled importance set (eval/importance/labels.jsonl): its line shape, the eval's own form
 * families, and the deterministic holdout. Pure and independent of the project's parser: a label line
 * is written from the document, and its family and split must not depend on what the product parses.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export const LABELS = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type Label = (typeof LABELS)[number];
export const FAMILIES = ['8-K', 'form345', '13d-g', 'periodic', 'other'] as const;
export type Family = (typeof FAMILIES)[number];
export type Split = 'tune' | 'holdout';

export interface LabelLine {
  /** Repository-relative path of the document (gzipped files end in .gz). */
  file: string;
  accession: string | null;
  form: string;
  family: Family;
  label: Label;
  why: string;
  /** An outside fact the label used, or ''. */
  context: string;
  split: Split;
  /** Set when a label was corrected against the rubric: was -> now, when, by whom and why. */
  relabelled?: string;
}

/** The eval's families, as issue #25 counts them: 8-K, Forms 3/4/5, 13D/G, periodic reports and late notices, the rest. */
export function familyOf(form: string): Family {
  const f = form.toUpperCase().trim();
  if (/^8-K/.test(f)) return '8-K';
  if (/^[345](\/A)?$/.test(f)) return 'form345';
  if (/^(SC |SCHEDULE )13[DG]/.test(f)) return '13d-g';
  if (/^(NT )?(10-K|10-Q|20-F|40-F)/.test(f)) return 'periodic';
  return 'other';
}

/** First byte of SHA-256 of the key below 52 (52/256 ≈ 20%): held out. */
export function hashByte(key: string): number {
  return createHash('sha256').update(key).digest().readUInt8(0);
}

export function isHoldoutKey(key: string): boolean {
  return hashByte(key) < 52;
}

/** The key the split hashes: the accession number, else the file's base name. */
export function splitKey(line: Pick<LabelLine, 'accession' | 'file'>): string {
  return line.accession ?? line.file.split('/').pop() ?? line.file;
}

/**
 * Splits a whole set: by key hash, then every family that would have no holdout filing gets the one
 * with the smallest hash moved in (so every family is measured on something it was never tuned on).
 */
export function assignSplits<T extends Pick<LabelLine, 'accession' | 'file' | 'family'>>(
  lines: T[],
): (T & { split: Split })[] {
  const out = lines.map((l) => ({ ...l, split: (isHoldoutKey(splitKey(l)) ? 'holdout' : 'tune') as Split }));
  for (const family of FAMILIES) {
    const members = out.filter((l) => l.family === family);
    if (members.length < 2 || members.some((l) => l.split === 'holdout')) continue;
    const pick = members.reduce((a, b) => (hashByte(splitKey(b)) < hashByte(splitKey(a)) ? b : a));
    pick.split = 'holdout';
  }
  return out;
}

export function readDocument(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('latin1');
}

export function accessionOf(raw: string, file: string): string | null {
  const fromName = /\d{10}-\d{2}-\d{6}/.exec(file.split('/').pop() ?? '');
  if (fromName) return fromName[0];
  return /ACCESSION NUMBER:\s*(\d{10}-\d{2}-\d{6})/.exec(raw.slice(0, 5000))?.[1] ?? null;
}

/** The form as the document states it: SEC header, XML root fields, else the cover ("FORM 8-K"). */
export function formOf(raw: string, file: string): string | null {
  const head = raw.slice(0, 60_000);
  const header = /CONFORMED SUBMISSION TYPE:\s*([^\n\r]+)/.exec(head)?.[1]?.trim();
  if (header) return header;
  const sgmlType = /<TYPE>([^\n\r<]+)/.exec(head)?.[1]?.trim();
  if (sgmlType) return sgmlType;
  const xml = /<documentType>\s*([^<\s]+)/.exec(head)?.[1] ?? /<submissionType>\s*([^<]+?)\s*</.exec(head)?.[1];
  if (xml) return xml;
  if (/^8k_/.test(file.split('/').pop() ?? '')) return '8-K';
  const dei = /name="dei:DocumentType"[^>]*>\s*(?:<[^>]+>\s*)*([^<\s]+)/.exec(raw)?.[1];
  if (dei) return dei;
  const text = head.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|&#160;|&#xa0;/gi, ' ');
  return /\bFORM\s+(8-K|6-K|10-K|10-Q|20-F|S-1|F-1)\b/i.exec(text)?.[1]?.toUpperCase() ?? null;
}

export function parseLabelLines(jsonl: string): LabelLine[] {
  return jsonl
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LabelLine);
}
