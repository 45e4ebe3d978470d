/** A market quote as every provider adapter returns it; unknown values are null. */
export interface MarketQuote {
  ticker: string;
  price: number | null;
  /** Percent, e.g. 1.27 for +1.27 %. */
  changePercent: number | null;
  marketCap: number | null;
  peRatio: number | null;
  eps: number | null;
  /** Percent, e.g. 0.41 for 0.41 %. */
  dividendYield: number | null;
  volume: number | null;
  avgVolume: number | null;
  week52Low: number | null;
  week52High: number | null;
  currency: string | null;
  marketTime: Date | null;
}

/** A source of quotes. `fetchQuotes` returns the symbols it knows; missing ones are simply absent. */
export interface MarketDataProvider {
  readonly name: string;
  /** Most symbols one call may ask for. */
  readonly maxBatch: number;
  fetchQuotes(tickers: string[], options?: { signal?: AbortSignal }): Promise<MarketQuote[]>;
}

/**
 * Waits until one more request to the provider may go out (a budget shared by every process);
 * rejects when `signal` aborts the wait.
 */
export type ProviderGate = (signal?: AbortSignal) => Promise<void>;
