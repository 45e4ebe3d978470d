import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Loading } from '../../components/Loading';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { SignedOutByYesNotice } from '../../features/contact/SignedOutByYesNotice';
import { usePreferences } from '../../features/preferences/use-preferences';
import { useWatchlist } from '../../features/watchlist/use-watchlist';
import { errorReason } from '../../lib/errors';
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
  // No session (a first visit, or one ended by a sign-out elsewhere): nothing to retry, say so.
  const profile = trpc.auth.profile.useQuery(undefined, {
    retry: (failures, error) => errorReason(error) !== 'session_not_found' && failures < 1,
  });
  const signedOut = profile.isError && errorReason(profile.error) === 'session_not_found';
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
      <SignedOutByYesNotice />
      <header className="page-intro">
        <h1>Settings</h1>
      </header>
      <div className="settings__layout">
        <nav className="settings__nav" aria-label="Settings sections">
          {SECTIONS.filter(([id]) => !(signedOut && id === 'delete-account')).map(([id, label]) => (
            <a key={id} href={`#${id}`}>
              {label}
            </a>
          ))}
        </nav>
        <div className="settings__sections">
          {profile.isLoading && <Loading />}
          {profile.isError && !signedOut && (
            <ErrorBox>Your settings could not be loaded. Please refresh the page.</ErrorBox>
          )}
          {signedOut && <SignedOutSection />}
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
          {!signedOut && <DeleteAccountSection />}
        </div>
      </div>
    </PageShell>
  );
}

/** In place of contact and notification settings when this browser holds no session. */
function SignedOutSection() {
  return (
    <section id="contact" className="settings-section" aria-labelledby="signed-out-title">
      <h2 id="signed-out-title">You are not signed in</h2>
      <p>Sign in with your email or phone to see and change your contacts, alerts and subscription.</p>
      <div className="row">
        <Link className="btn btn-primary" to="/login">
          Sign in
        </Link>
        <Link className="btn btn-secondary" to="/">
          Back to the watchlist
        </Link>
      </div>
    </section>
  );
}
