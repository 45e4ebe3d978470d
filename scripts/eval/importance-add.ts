/**
 * node --import tsx scripts/eval/importance-add.ts <labels.tsv>  — adds a labeller's batch to
 * eval/importance/labels.jsonl. Each TSV line: file, label, why, context[, form]. The accession and
 * form are read from the document itself (header, XML root or cover; a fifth column overrides the
 * form when the document does not state it), the family and split are computed here, and the whole
 * set's splits are recomputed so a family's fallback holdout stays deterministic.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import {
  LABELS,
  type Label,
  type LabelLine,
  accessionOf,
  assignSplits,
  familyOf,
  formOf,
  parseLabelLines,
  readDocument,
} from './importance-set';
import { plainText } from './read-filing';

const OUT = 'eval/importance/labels.jsonl';

const squeezed = (raw: string) => plainText(raw).replace(/\s+/g, ' ');
/** Each labelled document's text, read once for the whole batch (a batch may hold several bare documents). */
const labelledTexts = new Map<string, string>();
const labelledText = (file: string) => {
  const known = labelledTexts.get(file);
  if (known !== undefined) return known;
  const text = squeezed(readDocument(file));
  labelledTexts.set(file, text);
  return text;
};

/**
 * The labelled file whose text holds three 200-character passages of this document's text (at 30%, 50% and 70%:
 * one alone could be an 8-K cover's or signature's boilerplate), if any.
 */
function labelledCopyOf(raw: string, labelled: readonly LabelLine[]): string | null {
  const text = squeezed(raw);
  if (text.length < 1_000) return null;
  const passages = [0.3, 0.5, 0.7].map((at) =>
    text.slice(Math.floor(text.length * at), Math.floor(text.length * at) + 200),
  );
  return labelled.find((l) => passages.every((p) => labelledText(l.file).includes(p)))?.file ?? null;
}
const existing = existsSync(OUT) ? parseLabelLines(readFileSync(OUT, 'utf8')) : [];
const known = new Set(existing.map((l) => l.file));
const added: Omit<LabelLine, 'split'>[] = [];
const batch = process.argv[2];
if (!batch) throw new Error('usage: importance-add.ts <labels.tsv>');
for (const row of readFileSync(batch, 'utf8').split('\n')) {
  if (!row.trim()) continue;
  const [file, label, why, context = '', formOverride] = row.split('\t');
  if (!file || !why || !LABELS.includes(label as Label)) throw new Error(`bad row: ${row}`);
  if (known.has(file)) continue;
  const raw = readDocument(file);
  const form = formOverride?.trim() || formOf(raw, file);
  if (!form) throw new Error(`no form stated in ${file}: give it in the fifth column`);
  const accession = accessionOf(raw, file);
  // A bare primary document has no accession for the set's uniqueness check: look for its text in the labelled
  // documents (two edgartools copies of filings the set already held as full submissions were labelled twice once).
  const copyOf = accession ? null : labelledCopyOf(raw, existing);
  if (copyOf) throw new Error(`${file} is the same document as ${copyOf}, already labelled`);
  added.push({ file, accession, form, family: familyOf(form), label: label as Label, why, context: context.trim() });
  known.add(file);
}
const all = assignSplits([...existing.map(({ split: _s, ...l }) => l), ...added]);
writeFileSync(OUT, `${all.map((l) => JSON.stringify(l)).join('\n')}\n`);
console.log(`labels: ${all.length} (+${added.length}); holdout ${all.filter((l) => l.split === 'holdout').length}`);
