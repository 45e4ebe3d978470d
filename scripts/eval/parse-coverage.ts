/**
 * node --import tsx scripts/eval/parse-coverage.ts [--jsonl=OUT]  — what the parser reads from every TUNE 8-K and 13D/G
 * of the labelled set, by document layout (decision 358): structural facts only (items and their own text, event date,
 * the exhibit 99.1 headline; a 13D/G's percent, persons, amendment number, Item 4, event date). It keeps only rows whose
 * split is "tune" before it opens any document, never reads a label or its reasons, and never scores: a coverage count,
 * not an agreement.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseFiling } from '../../src-server/edgar-model/parse';
import { parseSubmission } from '../../src-server/edgar-model/parse/sgml';
import { htmlToText } from '../../src-server/edgar-model/parse/text';
import type { BeneficialDetail, CurrentReportDetail } from '../../src-server/edgar-model/parse/types';
import { hintsFor, loadCrawlerMeta } from './importance-run';
import { type LabelLine, readDocument } from './importance-set';

interface TuneRow {
  file: string;
  accession: string | null;
  form: string;
  family: '8-K' | '13d-g';
}

/** The tune 8-K and 13D/G rows: split first, and only the fields that name the document. */
export function tuneRows(jsonl: string): TuneRow[] {
  const rows: TuneRow[] = [];
  for (const line of jsonl.split('\n')) {
    if (!line.trim()) continue;
    const o = JSON.parse(line) as Partial<LabelLine>;
    if (o.split !== 'tune') continue;
    if (o.family !== '8-K' && o.family !== '13d-g') continue;
    rows.push({ file: o.file ?? '', accession: o.accession ?? null, form: o.form ?? '', family: o.family });
  }
  return rows;
}

const isHtml = (text: string) => /<html|<body|<p\b|<div\b|<table\b/i.test(text.slice(0, 5_000));

/** "<=2000 text full": filing year band, markup, full submission or the primary document alone. */
function layoutOf(year: string, html: boolean, full: boolean): string {
  const band =
    year < '2001'
      ? '<=2000'
      : year < '2005'
        ? '2001-04'
        : year < '2010'
          ? '2005-09'
          : year < '2016'
            ? '2010-15'
            : '2016+';
  return `${year === '' ? 'undated' : band} ${html ? 'html' : 'text'} ${full ? 'full' : 'doc'}`;
}

interface Facts {
  file: string;
  family: string;
  layout: string;
  counts: Record<string, boolean>;
}

function probe(row: TuneRow, meta: ReturnType<typeof loadCrawlerMeta>): Facts {
  // Decoded as the eval decodes it (latin1 is lossless for the structure read here).
  const raw = readDocument(row.file);
  const hints = hintsFor({ ...row, family: row.family, label: 'LOW', why: '', context: '', split: 'tune' }, meta);
  const parsed = parseFiling(raw, hints);
  const sub = parseSubmission(raw);
  const full = !!sub.header.accessionNo || sub.documents.length > 1;
  const primary = sub.documents.find((d) => d.filename === parsed.primaryDocument) ?? sub.documents[0];
  const layout = layoutOf((parsed.filedDate ?? '').slice(0, 4), primary ? isHtml(primary.text) : false, full);
  if (row.family === '8-K') {
    const d = parsed.detail?.kind === 'current' ? (parsed.detail as CurrentReportDetail) : null;
    const items = d?.items ?? [];
    const quoted = (n: string) => !!d?.content?.find((c) => c.number === n)?.quote;
    const ex99 = sub.documents.some((doc) => /^EX-99/i.test(doc.type.trim()));
    return {
      file: row.file,
      family: row.family,
      layout,
      counts: {
        'items found': items.length > 0,
        'every item has its own text': items.length > 0 && items.every((i) => quoted(i.number)),
        'event date read': !!d?.eventDate,
        'has an EX-99': ex99,
        'EX-99 headline read': ex99 && !!d?.exhibitHeadline,
        'company CIK': parsed.company?.cik != null,
      },
    };
  }
  const d = parsed.detail?.kind === 'beneficial' ? (parsed.detail as BeneficialDetail) : null;
  const text = primary?.text ?? '';
  const body = (isHtml(text) ? htmlToText(text, 2_000_000) : text).replace(/\s+/g, ' ');
  const amended = /\/A$/i.test(row.form);
  return {
    file: row.file,
    family: row.family,
    layout,
    counts: {
      'percent read': d?.percentOfClass != null,
      'persons read': (d?.reportingPersons.length ?? 0) > 0,
      'amendment (/A)': amended,
      'amendment number read': amended && d?.amendmentNo != null,
      '13D text': /13D/i.test(row.form) && d?.format === 'text',
      '13D text Item 4 heading':
        /13D/i.test(row.form) && d?.format === 'text' && /Item\s*4\.?\s*(?:[-–—:]\s*)?Purpose\s+of/i.test(body),
      'event date read': !!d?.eventDate,
    },
  };
}

function table(facts: Facts[]): string[] {
  const names = Object.keys(facts[0]?.counts ?? {});
  const layouts = [...new Set(facts.map((f) => f.layout))].sort();
  const lines = [['layout'.padEnd(18), 'n'.padStart(4), ...names.map((n) => n.padStart(n.length + 1))].join(' ')];
  for (const layout of [...layouts, 'all']) {
    const rows = facts.filter((f) => layout === 'all' || f.layout === layout);
    lines.push(
      [
        layout.padEnd(18),
        String(rows.length).padStart(4),
        ...names.map((n) => String(rows.filter((r) => r.counts[n]).length).padStart(n.length + 1)),
      ].join(' '),
    );
  }
  return lines;
}

function main(): void {
  const rows = tuneRows(readFileSync('eval/importance/labels.jsonl', 'utf8'));
  const meta = loadCrawlerMeta();
  const facts = rows.map((row) => probe(row, meta));
  for (const family of ['8-K', '13d-g']) {
    console.log(`\n${family}`);
    for (const line of table(facts.filter((f) => f.family === family))) console.log(line);
  }
  const out = process.argv.find((a) => a.startsWith('--jsonl='))?.slice('--jsonl='.length);
  if (out) writeFileSync(out, `${facts.map((f) => JSON.stringify(f)).join('\n')}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
