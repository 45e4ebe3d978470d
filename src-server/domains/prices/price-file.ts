/** Daily price files (CSV) in the layouts of the shipped sources, read by their header names. */
import type { HistoryBar } from '../../integrations/market-data/yahoo-chart';

/** A trading day's bar (YYYY-MM-DD, the exchange's day), as the quote provider's history gives it too. */
export type DailyBar = HistoryBar;

/**
 * Header aliases of the known layouts: Yahoo CSV (Date, Close), yfinance (Date with time and
 * offset), Interactive Brokers (date/timestamp, float volume), Robinhood (begins_at, close_price).
 * `Adj Close` is never read: every source's plain close is what its adjustment note describes.
 */
const COLUMNS = {
  day: ['date', 'timestamp', 'begins_at'],
  open: ['open', 'open_price'],
  high: ['high', 'high_price'],
  low: ['low', 'low_price'],
  close: ['close', 'close_price'],
  volume: ['volume'],
} as const;

export class PriceFileError extends Error {
  override name = 'PriceFileError';
}

function numberOrNull(raw: string | undefined): number | null {
  if (raw == null || raw.trim() === '' || raw.trim().toLowerCase() === 'null') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Bars oldest first, one per day (a repeated day keeps its last row); rows without a close are skipped. */
export function parseDailyCsv(text: string): DailyBar[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines.shift() ?? '').split(',').map((h) => h.trim().toLowerCase());
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([field, names]) => [
      field,
      header.findIndex((h) => (names as readonly string[]).includes(h)),
    ]),
  ) as Record<keyof typeof COLUMNS, number>;
  if (index.day < 0 || index.close < 0)
    throw new PriceFileError(`no date/close columns in header "${header.join(',')}"`);
  const byDay = new Map<string, DailyBar>();
  for (const line of lines) {
    const cells = line.split(',');
    const day = cells[index.day]?.trim().slice(0, 10) ?? '';
    const close = numberOrNull(cells[index.close]);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || close == null) continue;
    const pick = (i: number) => (i < 0 ? null : numberOrNull(cells[i]));
    const volume = pick(index.volume);
    byDay.set(day, {
      day,
      open: pick(index.open),
      high: pick(index.high),
      low: pick(index.low),
      close,
      volume: volume == null ? null : Math.round(volume),
    });
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}
