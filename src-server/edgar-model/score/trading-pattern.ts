/**
 * Routine or opportunistic (Cohen, Malloy & Pomorski 2012, "Decoding Inside Information"): an
 * insider who traded in the same calendar month in each of the three prior years is routine, and
 * routine trades predict nothing; the others are opportunistic. Judged only when the stored history
 * reaches back three years before the trade; otherwise it says plainly that it cannot tell.
 */
import { TOO_LITTLE_HISTORY } from '#shared/reason-notes';
import type { InsiderHistory } from './types';

export type TradingPattern =
  | { kind: 'routine'; line: string }
  | { kind: 'opportunistic'; line: string }
  | { kind: 'unknown'; line: string };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The pattern of an open-market trade on `tradeDate` by `name`, from that insider's earlier trades at the company. */
export function tradingPattern(
  tradeDate: string,
  name: string,
  history: InsiderHistory | null | undefined,
): TradingPattern {
  const year = Number(tradeDate.slice(0, 4));
  const mm = tradeDate.slice(5, 7);
  const month = MONTHS[Number(mm) - 1] ?? mm;
  const years = [year - 3, year - 2, year - 1];
  const span = `${years[0]}-${years[2]}`;
  const months = new Set(history?.tradeMonths ?? []);
  if (years.every((y) => months.has(`${y}-${mm}`)))
    return {
      kind: 'routine',
      line: `Routine trader: ${name} also traded in ${month} of each of the three prior years (${span}); routine trades carry little information`,
    };
  const coveredFrom = history?.coveredFrom ?? null;
  if (coveredFrom == null || coveredFrom > `${years[0]}-${mm}-31`) {
    const since = coveredFrom ? `stored history starts ${coveredFrom.slice(0, 7)}` : 'no earlier trades stored';
    return {
      kind: 'unknown',
      line: `${TOO_LITTLE_HISTORY} (${since}; three prior years needed)`,
    };
  }
  const missing = years.filter((y) => !months.has(`${y}-${mm}`));
  return {
    kind: 'opportunistic',
    line: `Opportunistic, not routine: ${name} did not trade in ${month} of ${missing.join(', ')} (history since ${coveredFrom.slice(0, 7)})`,
  };
}
