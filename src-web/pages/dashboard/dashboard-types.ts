import type { ReactNode } from 'react';
import type { useWatchlist } from '../../features/watchlist/use-watchlist';

export interface DashboardViewProps {
  banner: ReactNode;
  tickers: string;
  onTickersChange: (value: string) => void;
  watchlist: ReturnType<typeof useWatchlist>;
  onContact: () => void;
}
