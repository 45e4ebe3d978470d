/**
 * Runs the labelled set through the product's real path: parse with the hints a feed would give,
 * then storeParsedFiling (score context gathered from the database, scored, stored), in filing-date
 * order so an insider's earlier trades in the set are on file when a later one is scored.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Db } from '../../src-server/db/client';
import { storeParsedFiling } from '../../src-server/domains/filings/filings.service';
import { parseFiling, type ParseHints } from '../../src-server/edgar-model/parse';
import type { Label, LabelLine } from './importance-set';

export interface ScoredLine {
  line: LabelLine;
  got: Label | null;
  reasons: string[];
  rules: string[];
  /** The card's headline (the score's one line): read when auditing explanations, never graded. */
  headline: string | null;
  error: string | null;
}

type CrawlerMeta = Record<string, { cik: number; companyName: string; filedDate: string }>;

export function loadCrawlerMeta(path = 'eval/importance/crawler-metadata.json'): CrawlerMeta {
  return JSON.parse(readFileSync(path, 'utf8')) as CrawlerMeta;
}

/** The document as the ingest sees it: UTF-8 text (gunzipped when stored compressed). */
function documentText(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

const baseName = (file: string) => (file.split('/').pop() ?? file).replace(/\.gz$/, '');

/**
 * What the feed would have told the ingest: accession and form from the label (read from the
 * document), CIK, company and date from edgar-crawler's metadata for its header-less 8-Ks. A
 * document with no accession anywhere gets a stable stand-in key, since storage needs one.
 */
export function hintsFor(line: LabelLine, meta: CrawlerMeta): ParseHints {
  const m = meta[baseName(line.file)];
  const accessionNo = line.accession ?? `eval-${createHash('sha256').update(line.file).digest('hex').slice(0, 16)}`;
  return { accessionNo, formType: line.form, ...(m ?? {}) };
}

/** Filing date for ordering: the hint, else the SEC header, else none (scored last). */
function filedOrder(raw: string, hints: ParseHints): string {
  if (hints.filedDate) return hints.filedDate;
  const header = /FILED AS OF DATE:\s*(\d{4})(\d{2})(\d{2})/.exec(raw.slice(0, 5000));
  return header ? `${header[1]}-${header[2]}-${header[3]}` : '9999';
}

export async function scoreLabelled(db: Db, lines: readonly LabelLine[], meta: CrawlerMeta): Promise<ScoredLine[]> {
  const prepared = lines.map((line) => {
    const raw = documentText(line.file);
    const hints = hintsFor(line, meta);
    return { line, raw, hints, order: filedOrder(raw, hints) };
  });
  prepared.sort((a, b) => a.order.localeCompare(b.order) || a.line.file.localeCompare(b.line.file));
  const out: ScoredLine[] = [];
  for (const p of prepared) {
    try {
      const parsed = parseFiling(p.raw, p.hints);
      const { score } = await storeParsedFiling(db, { parsed, meta: { source: 'replay' } });
      out.push({
        line: p.line,
        got: score.importance,
        reasons: score.reasons,
        rules: score.rules,
        headline: score.oneLiner,
        error: null,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      out.push({ line: p.line, got: null, reasons: [], rules: [], headline: null, error: message });
    }
  }
  return out;
}
