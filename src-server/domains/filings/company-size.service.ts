/**
 * The company's size on a filing's date from stored data (decision 366): the facts its stored reports state, its
 * closes and its quote, gathered here and weighed by the pure rules of company-size.ts.
 */
import type { Db } from '../../db/client';
import type { CompanySize } from '../../edgar-model/score/types';
import { addMonths } from '#shared/calendar';
import { marketValueOn, type SizeInputs, STATED_FACT_MONTHS, totalAssetsSize } from './company-size';
import * as sizeRepo from './company-size.repo';
import { marketValueInputs } from './filings.repo';

/** The stated facts' window for a filing at `filedAt`: reports filed by then, stating a day up to 15 months before. */
function factRange(cik: number, filedAt: Date) {
  const day = filedAt.toISOString().slice(0, 10);
  return { cik, from: addMonths(day, -STATED_FACT_MONTHS), to: day, filedAt };
}

/** What the market value needs: the stated share count, a close on its basis, the quote. */
async function marketInputs(
  db: Db,
  { cik, ticker, filedAt }: { cik: number; ticker?: string; filedAt: Date },
): Promise<SizeInputs> {
  const range = factRange(cik, filedAt);
  const day = range.to;
  const shares = await sizeRepo.statedFact(db, { ...range, fact: 'sharesOutstanding' });
  return {
    shares,
    close: shares ? await sizeRepo.closeNear(db, { cik, day, from: shares.asOf }) : null,
    // A Form 4 names the class traded: its quote, else the company's largest listed line.
    quote: await marketValueInputs(db, ticker ? { ticker, day } : { cik, day }),
  };
}

/** What sizes an 8-K's deal filed at `filedAt`: the company's market value, else its total assets, else null. */
export async function companySizeForDeal(
  db: Db,
  { cik, filedAt }: { cik: number; filedAt: Date },
): Promise<CompanySize | null> {
  // Total assets only size a deal the market value cannot: read only then.
  const value = marketValueOn(await marketInputs(db, { cik, filedAt }), filedAt);
  if (value) return value;
  return totalAssetsSize(await sizeRepo.statedFact(db, { ...factRange(cik, filedAt), fact: 'totalAssets' }));
}

/** The market value a Form 4 sale filed at `filedAt` is weighed against (total assets do not price a sale). */
export async function marketValueForSale(
  db: Db,
  { cik, ticker, filedAt }: { cik: number; ticker?: string; filedAt: Date },
): Promise<CompanySize | null> {
  return marketValueOn(await marketInputs(db, { cik, ticker, filedAt }), filedAt);
}
