import { useState } from 'react';
import { currentBrandConfig } from '../../brand/current-brand';
import { DismissibleBanner } from '../../components/DismissibleBanner';
import { AddTickerPanel } from '../../features/add-ticker/AddTickerPanel';
import { AlertsPanel } from '../../features/alerts/AlertsPanel';
import { AssistantPanel, AssistantUpsell } from '../../features/assistant/AssistantPanel';
import { LiveIndicator, LiveNotice, RealtimeUpsell } from '../../features/live/LiveNotice';
import { useLiveFilings } from '../../features/live/use-live-filings';
import { listPrefsFrom, preferencesPatch } from '../../features/preferences/preferences';
import { usePreferences } from '../../features/preferences/use-preferences';
import { useTrade } from '../../features/trading/use-trade';
import { useDataSource } from '../../features/watchlist/use-data-source';
import { useLastCloses } from '../../features/watchlist/use-last-closes';
import { useUnsubscribe } from '../../features/watchlist/use-watchlist';
import { WatchlistList } from '../../features/watchlist/WatchlistList';
import { useAuth } from '../../lib/session';
import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage';
import { scrollToTopSoon } from '../../lib/use-timed-message';
import { addPanelProps, type DashboardViewProps } from './dashboard-types';

/** Two columns: the collapsible add form (remembered as sidebarCollapsed) and the watchlist. */
export function FullView(props: DashboardViewProps) {
  const { banner, onTickersChange, watchlist, onContact } = props;
  const auth = useAuth();
  const brand = currentBrandConfig();
  const { prefs, update } = usePreferences();
  const [search, setSearch] = useState('');
  // Remembered once chosen; until then phones start with the list, wider screens with the form.
  const [collapsed, setCollapsedState] = useState(() => {
    const stored = readStorage(STORAGE_KEYS.sidebarCollapsed);
    return stored === null ? window.matchMedia('(max-width: 1000px)').matches : stored === 'true';
  });
  const setCollapsed = (value: boolean) => {
    setCollapsedState(value);
    writeStorage(STORAGE_KEYS.sidebarCollapsed, String(value));
  };
  const unsubscribe = useUnsubscribe();
  const lastCloses = useLastCloses(watchlist.items);
  const live = useLiveFilings(auth.pro);
  const trading = useTrade(prefs.tradingPlatformUrl, (url) => update({ tradingPlatformUrl: url }));
  const source = useDataSource();
  const display = {
    primaryForm: brand.forms.primaryForm,
    pro: auth.pro,
    showAll: prefs.showAllFilings,
    recorded: source.recorded,
  };

  const quickAdd = (ticker: string) => {
    onTickersChange(`${ticker}, `);
    setSearch('');
    setCollapsed(false);
    scrollToTopSoon();
  };

  return (
    <div
      className={`dashboard-grid${collapsed ? ' dashboard-grid--collapsed' : ''}${prefs.viewMode === 'table' ? ' dashboard-grid--table' : ''}`}
    >
      {collapsed ? (
        <div className="sidebar-reopen">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setCollapsed(false)}
            aria-expanded="false"
            aria-controls="add-sidebar"
          >
            + Add Tickers
          </button>
        </div>
      ) : (
        <aside id="add-sidebar" className="sidebar" aria-labelledby="add-title">
          <div className="sidebar__head">
            <h2 id="add-title">Add tickers</h2>
            <button
              type="button"
              className="icon-btn"
              aria-label="Collapse the add form"
              aria-expanded="true"
              aria-controls="add-sidebar"
              onClick={() => setCollapsed(true)}
            >
              <span aria-hidden="true">⟨</span>
            </button>
          </div>
          <AddTickerPanel
            {...addPanelProps(props, auth)}
            showAll={prefs.showAllFilings}
            onShowAllChange={(on) => void update({ showAllFilings: on })}
          />
        </aside>
      )}
      <div className="dashboard-main">
        {banner}
        {auth.pro ? (
          <>
            <LiveIndicator status={live.status} />
            <LiveNotice event={live.notice} onDismiss={live.dismiss} />
          </>
        ) : (
          <RealtimeUpsell />
        )}
        {brand.features.chatbot && (auth.pro ? <AssistantPanel /> : <AssistantUpsell />)}
        {source.note && (
          <DismissibleBanner
            id="replay-note"
            label="the recorded filings note"
            className="notice notice--info"
            as="div"
          >
            <p className="replay-note" data-testid="replay-note">
              {source.note}
            </p>
          </DismissibleBanner>
        )}
        <WatchlistList
          items={watchlist.items}
          prefs={listPrefsFrom(prefs, search)}
          onPrefsChange={(next) => {
            setSearch(next.filters.search);
            const patch = preferencesPatch(next);
            if (JSON.stringify(patch) !== JSON.stringify(preferencesPatch(listPrefsFrom(prefs, search))))
              void update(patch);
          }}
          display={display}
          actions={{ onTrade: trading.trade, onRemove: (ticker) => unsubscribe.mutate({ ticker }) }}
          limit={watchlist.tickerLimit}
          onQuickAdd={quickAdd}
          flashTickers={live.flash}
          lastCloses={lastCloses}
        />
        {unsubscribe.error && (
          <p className="error-box" role="alert">
            Could not remove {unsubscribe.variables?.ticker}. It is back in your list.
          </p>
        )}
        <AlertsPanel user={auth.user} pro={auth.pro} onOpenContact={onContact} />
      </div>
      {trading.modal}
    </div>
  );
}
