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

const OUT = 'eval/importance/labels.jsonl';
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
  added.push({ file, accession, form, family: familyOf(form), label: label as Label, why, context: context.trim() });
  known.add(file);
}
const all = assignSplits([...existing.map(({ split: _s, ...l }) => l), ...added]);
writeFileSync(OUT, `${all.map((l) => JSON.stringify(l)).join('\n')}\n`);
console.log(`labels: ${all.length} (+${added.length}); holdout ${all.filter((l) => l.split === 'holdout').length}`);
