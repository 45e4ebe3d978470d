import type { ReactNode } from 'react';
import { currentBrand } from '../../brand/current-brand';
import type { AuthState } from '../../lib/session';
import type { useWatchlist } from '../../features/watchlist/use-watchlist';

export interface DashboardViewProps {
  banner: ReactNode;
  tickers: string;
  onTickersChange: (value: string) => void;
  watchlist: ReturnType<typeof useWatchlist>;
  onContact: () => void;
}

/** Step 1 hands its success line up, so the full view that replaces it can show it. */
export type StartStepProps = DashboardViewProps & { onBack: () => void; onAdded: (message: string) => void };

/** What the add form needs in both places it appears (step 1 and the sidebar). */
export function addPanelProps({ watchlist, tickers, onTickersChange }: DashboardViewProps, auth: AuthState) {
  return {
    brand: currentBrand(),
    pro: auth.pro,
    paidPlan: auth.pro,
    existingTickers: watchlist.items.map((i) => i.ticker),
    limit: watchlist.tickerLimit,
    tickers,
    onTickersChange,
  };
}
