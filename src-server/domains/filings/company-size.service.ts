/**
 * The company's size on a filing's date from stored data (decision 366): the facts its stored reports state, its
 * closes and its quote, gathered here and weighed by the pure rules of company-size.ts.
 */
import type { Db } from '../../db/client';
import type { CompanySize } from '../../edgar-model/score/types';
import { companySizeOn, marketValueOn, monthsFrom, type SizeInputs, STATED_FACT_MONTHS } from './company-size';
import * as sizeRepo from './company-size.repo';
import { marketValueInputs } from './filings.repo';

async function sizeInputs(
  db: Db,
  { cik, ticker, filedAt, withAssets }: { cik: number; ticker?: string; filedAt: Date; withAssets: boolean },
): Promise<SizeInputs> {
  const day = filedAt.toISOString().slice(0, 10);
  const range = { cik, from: monthsFrom(day, -STATED_FACT_MONTHS), to: day, filedAt };
  const shares = await sizeRepo.statedFact(db, { ...range, fact: 'sharesOutstanding' });
  return {
    shares,
    assets: withAssets ? await sizeRepo.statedFact(db, { ...range, fact: 'totalAssets' }) : null,
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
  return companySizeOn(await sizeInputs(db, { cik, filedAt, withAssets: true }), filedAt);
}

/** The market value a Form 4 sale filed at `filedAt` is weighed against (total assets do not price a sale). */
export async function marketValueForSale(
  db: Db,
  { cik, ticker, filedAt }: { cik: number; ticker?: string; filedAt: Date },
): Promise<CompanySize | null> {
  return marketValueOn(await sizeInputs(db, { cik, ticker, filedAt, withAssets: false }), filedAt);
}
