import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogueFormOf } from '#shared/forms';
import { IMPORTANCE_RANK, type Importance } from '#shared/importance';
import type { Db } from '../db/client';
import { filings } from '../db/schema';

/**
 * Real EDGAR filings for tests, from the submissions JSON of Apple and Tesla
 * (src-server/test/fixtures/watchlist, see its SOURCES.md): accession numbers, forms, acceptance
 * times, primary documents and 8-K items are SEC's. Importance and text are what the scorer would
 * add; tests that assert on them pass their own.
 */
export interface RealFiling {
  cik: number;
  companyName: string;
  accessionNo: string;
  form: string;
  acceptedAt: Date;
  items: string[];
  primaryDocument: string;
  /** EDGAR's reportDate: a 10-Q/10-K's period end, an 8-K's event date. */
  periodOfReport: string | null;
}

const FILES = { AAPL: 'CIK0000320193.json', TSLA: 'CIK0001318605.json' } as const;

interface Submissions {
  cik: string;
  name: string;
  filings: {
    recent: {
      accessionNumber: string[];
      form: string[];
      acceptanceDateTime: string[];
      items: string[];
      primaryDocument: string[];
      reportDate: string[];
    };
  };
}

/** The company's recent filings, newest first, optionally only some EDGAR forms. */
export function realFilings(company: keyof typeof FILES, options: { forms?: string[] } = {}): RealFiling[] {
  const path = fileURLToPath(new URL(`./fixtures/watchlist/${FILES[company]}`, import.meta.url));
  const data = JSON.parse(readFileSync(path, 'utf8')) as Submissions;
  const recent = data.filings.recent;
  return recent.accessionNumber
    .map((accessionNo, i) => ({
      cik: Number(data.cik),
      companyName: data.name,
      accessionNo,
      form: recent.form[i]!,
      acceptedAt: new Date(recent.acceptanceDateTime[i]!),
      items: recent.items[i] ? recent.items[i]!.split(',') : [],
      primaryDocument: recent.primaryDocument[i]!,
      periodOfReport: recent.reportDate[i] || null,
    }))
    .filter((f) => !options.forms || options.forms.includes(f.form))
    .sort((a, b) => b.acceptedAt.getTime() - a.acceptedAt.getTime());
}

/** Tesla Form 4 0000899243-22-035394 as its XML states it: Elon Musk (CEO) sold 4,400,000 shares in nine sales. */
export const MUSK_FORM4 = {
  accessionNo: '0000899243-22-035394',
  insiderData: {
    executiveName: 'Elon Musk',
    executiveTitle: 'CEO',
    insiderCik: '0001494730',
    isDisposition: true,
    sharesTraded: 4_400_000,
  },
};

function archiveUrl(filing: RealFiling, file: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${filing.cik}/${filing.accessionNo.replace(/-/g, '')}/${file}`;
}

/** The one-liner stored for a real filing inserted without its parse ("Apple Inc. filed an 8-K (items 2.02, 9.01)"). */
export function plainOneLiner(companyName: string, f: { form: string; items: string[] }): string {
  const article = /^(8|11|18|S|F)/.test(f.form) ? 'an' : 'a';
  return `${companyName} filed ${article} ${f.form}${f.items.length ? ` (items ${f.items.join(', ')})` : ''}`;
}

/** Inserts filings the way the ingest pipeline stores them; returns their ids in the given order. */
export async function insertRealFilings(
  db: Db,
  list: RealFiling[],
  options: { ticker: string; importance?: Importance | ((f: RealFiling) => Importance); storedAt?: Date },
): Promise<number[]> {
  if (list.length === 0) return [];
  const importanceOf = (f: RealFiling): Importance =>
    typeof options.importance === 'function'
      ? options.importance(f)
      : (options.importance ?? (f.form.startsWith('8-K') ? 'MEDIUM' : 'LOW'));
  const rows = await db
    .insert(filings)
    .values(
      list.map((f) => {
        const importance = importanceOf(f);
        const musk = f.accessionNo === MUSK_FORM4.accessionNo;
        return {
          accessionNo: f.accessionNo,
          formType: f.form,
          catalogueForm: catalogueFormOf(f.form) ?? null,
          cik: f.cik,
          ticker: options.ticker,
          companyName: f.companyName,
          filedAt: f.acceptedAt,
          acceptedAt: f.acceptedAt,
          items: f.items,
          periodOfReport: f.periodOfReport,
          importance,
          importanceRank: IMPORTANCE_RANK[importance],
          reasons: [`${f.form}${f.items.length ? ` items ${f.items.join(', ')}` : ''}`],
          oneLiner: musk ? 'Elon Musk (CEO) sold 4,400,000 shares' : plainOneLiner(f.companyName, f),
          summaryText: `${f.form} accepted by EDGAR on ${f.acceptedAt.toISOString().slice(0, 10)}.`,
          insiderData: musk ? MUSK_FORM4.insiderData : null,
          insiderCik: musk ? MUSK_FORM4.insiderData.insiderCik : null,
          executiveNames: musk ? [MUSK_FORM4.insiderData.executiveName] : null,
          primaryDocUrl: archiveUrl(f, f.primaryDocument),
          indexUrl: archiveUrl(f, `${f.accessionNo}-index.htm`),
          ...(options.storedAt ? { storedAt: options.storedAt } : {}),
        };
      }),
    )
    .returning({ id: filings.id });
  return rows.map((r) => r.id);
}
