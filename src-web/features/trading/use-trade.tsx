import { useCallback, useState, type ReactNode } from 'react';
import { tradeUrl } from '#shared/trading-url';
import { TradingPlatformModal } from './TradingPlatformModal';

export function openTrade(template: string, ticker: string): void {
  window.open(tradeUrl(template, ticker), '_blank', 'noopener,noreferrer');
}

/**
 * Trade opens the saved platform's page for the ticker in a new tab; with no platform saved
 * the setup modal opens first and the trade continues once it is saved.
 */
export function useTrade(
  platformUrl: string | null,
  savePlatform: (url: string) => Promise<void>,
): {
  trade: (ticker: string) => void;
  openSetup: () => void;
  modal: ReactNode;
} {
  const [setup, setSetup] = useState<{ ticker: string | null } | null>(null);
  const trade = useCallback(
    (ticker: string) => {
      if (platformUrl) openTrade(platformUrl, ticker);
      else setSetup({ ticker });
    },
    [platformUrl],
  );
  const modal = setup ? (
    <TradingPlatformModal
      currentUrl={platformUrl}
      onClose={() => setSetup(null)}
      onSave={async (url) => {
        await savePlatform(url);
        const { ticker } = setup;
        setSetup(null);
        if (ticker) openTrade(url, ticker);
      }}
    />
  ) : null;
  return { trade, openSetup: () => setSetup({ ticker: null }), modal };
}
