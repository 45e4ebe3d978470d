import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '../../components/Loading';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { usePreferences } from '../../features/preferences/use-preferences';
import { useWatchlist } from '../../features/watchlist/use-watchlist';
import { storeUser, useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { DeleteAccountSection, ThemeSection, TradingSection } from './AccountSections';
import { AddOnsSection } from './AddOnsSection';
import { ApiTokensSection } from './ApiTokensSection';
import { WebhooksSection } from './WebhooksSection';
import { ContactSection } from './ContactSection';
import { NotificationsSection } from './NotificationsSection';
import { PushSection } from './PushSection';
import { SubscriptionSection } from './SubscriptionSection';

const SECTIONS = [
  ['contact', 'Contact'],
  ['notifications', 'Notifications'],
  ['push', 'Push notifications'],
  ['trading', 'Trading platform'],
  ['theme', 'Appearance'],
  ['api-tokens', 'API tokens'],
  ['webhooks', 'Webhooks'],
  ['ticker-add-ons', 'Ticker Add-ons'],
  ['subscription', 'Subscription'],
  ['delete-account', 'Delete account'],
] as const;

/** Contact and verification, notifications, trading platform, theme, add-ons, subscription, deletion. */
export default function SettingsPage() {
  const auth = useAuth();
  const utils = trpc.useUtils();
  const profile = trpc.auth.profile.useQuery();
  const billing = trpc.billing.status.useQuery(undefined, { enabled: !auth.loggingOut });
  const { prefs, update } = usePreferences();
  const watchlist = useWatchlist();
  const { hash } = useLocation();

  useEffect(() => {
    if (hash && profile.data) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, profile.data]);

  const refresh = () => {
    void utils.auth.profile.invalidate();
    void utils.billing.status.invalidate();
    void utils.auth.me.fetch().then((me) => storeUser(me));
  };

  return (
    <PageShell className="content-page settings">
      <header className="page-intro">
        <h1>Settings</h1>
      </header>
      <div className="settings__layout">
        <nav className="settings__nav" aria-label="Settings sections">
          {SECTIONS.map(([id, label]) => (
            <a key={id} href={`#${id}`}>
              {label}
            </a>
          ))}
        </nav>
        <div className="settings__sections">
          {profile.isLoading && <Loading />}
          {profile.isError && <ErrorBox>Your settings could not be loaded. Please refresh the page.</ErrorBox>}
          {profile.data && (
            <>
              <ContactSection profile={profile.data} onChanged={refresh} />
              <NotificationsSection profile={profile.data} pro={auth.pro} onSaved={refresh} />
            </>
          )}
          <PushSection pro={auth.pro} />
          <TradingSection url={prefs.tradingPlatformUrl} save={(url) => update({ tradingPlatformUrl: url })} />
          <ThemeSection />
          <ApiTokensSection verified={auth.verified} />
          <WebhooksSection pro={auth.pro} />
          <AddOnsSection
            pro={auth.pro}
            limit={billing.data?.tickerLimit ?? watchlist.tickerLimit}
            billing={billing.data}
          />
          <SubscriptionSection user={auth.user} pro={auth.pro} billing={billing.data} />
          <DeleteAccountSection />
        </div>
      </div>
    </PageShell>
  );
}
