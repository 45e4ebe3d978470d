import { Link } from 'react-router';
import { currentBrandConfig } from '../../brand/current-brand';
import {
  ADDON_PACK_PRICE_USD,
  ADDON_PACK_TICKERS,
  ALL_FILINGS_PLAN_PRICE_USD,
  FREE_TICKER_LIMIT,
  PRO_TICKER_LIMIT,
} from '#shared/plans';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  const name = currentBrandConfig().brandName;
  return (
    <LegalPage
      title="Terms of Service"
      intro={`These terms govern your use of ${name}. By using the service you agree to them. If you do not agree, please do not use it.`}
      sections={[
        {
          title: 'What the service does',
          body: (
            <p>
              {name} watches the U.S. Securities and Exchange Commission’s EDGAR system for filings by the companies on
              your watchlist, assigns each filing an importance level (CRITICAL, HIGH, MEDIUM or LOW) with the reasons,
              and can alert you by email or text message. Filings are public documents; we summarise and link to them,
              we do not author them.
            </p>
          ),
        },
        {
          title: 'Not investment advice',
          body: (
            <>
              <p>
                The service is provided as is, for information only. Importance levels, summaries and AI analysis are
                produced automatically from the filing text and can be incomplete, late or wrong. Nothing on the service
                is a recommendation to buy, sell or hold any security. Always read the original filing on sec.gov and
                make your own decisions or consult a licensed adviser.
              </p>
              <p>
                Market data (prices, market capitalisation, ratios and volumes) comes from third-party sources, may be
                delayed and is not guaranteed. Trade buttons only open the broker website you chose; we never place
                orders or see your brokerage account.
              </p>
            </>
          ),
        },
        {
          title: 'Your account',
          body: (
            <>
              <p>
                You can use a watchlist without an account; it is tied to a session stored in your browser. To receive
                alerts or sign in on another device you add and verify an email address or a U.S. mobile number. Sign-in
                is passwordless: we send a single-use link or 6-digit code. Keep access to your inbox and phone secure;
                anyone who controls them can sign in as you.
              </p>
              <p>
                If you log out before verifying a contact, the unverified watchlist cannot be recovered. You can delete
                your account at any time in Settings; deletion removes your watchlist, preferences, contacts and alert
                history.
              </p>
            </>
          ),
        },
        {
          title: 'Text messages',
          body: (
            <p>
              If you add a phone number we send a verification text and, once you reply YES, filing alerts or a daily
              digest. Message frequency depends on your watchlist and settings. Message and data rates may apply. Reply
              STOP to stop all texts, HELP for help. Text alerts are available for U.S. numbers only.
            </p>
          ),
        },
        {
          title: 'Plans and payment',
          body: (
            <>
              <p>
                The free plan covers up to {FREE_TICKER_LIMIT} tickers and the form types of this product with a daily
                digest. PRO costs ${ALL_FILINGS_PLAN_PRICE_USD} per month and includes up to {PRO_TICKER_LIMIT} tickers,
                every form type and real-time alerts. PRO subscribers can add packs of {ADDON_PACK_TICKERS} tickers for
                ${ADDON_PACK_PRICE_USD} per month each. Current prices are always on the{' '}
                <Link to="/pricing">pricing page</Link>.
              </p>
              <p>
                Subscriptions renew monthly until cancelled. You can cancel anytime in Settings; cancellation stops the
                next renewal. Fees already paid are not refunded except where the law requires it.
              </p>
            </>
          ),
        },
        {
          title: 'Acceptable use',
          body: (
            <p>
              Do not attempt to access other users’ data, overload or probe the service, scrape it in bulk, resell
              alerts, or use it to send unsolicited messages. We may suspend accounts that do, and limit request rates
              to keep the service fair for everyone.
            </p>
          ),
        },
        {
          title: 'Availability and liability',
          body: (
            <p>
              We work to deliver alerts promptly but do not guarantee that the service or EDGAR will be available, that
              every filing will be detected, or that alerts will arrive within any time. To the fullest extent the law
              allows, we are not liable for trading losses or for indirect or consequential damages arising from the use
              of the service, and our total liability is limited to the fees you paid in the three months before the
              claim.
            </p>
          ),
        },
        {
          title: 'Changes',
          body: (
            <p>
              We may update these terms as the service changes. Material changes are announced by email to verified
              users at least 14 days before they take effect. Continuing to use the service after that means you accept
              the new terms.
            </p>
          ),
        },
        {
          title: 'Privacy',
          body: (
            <p>
              How we handle your data is described in the <Link to="/privacy">Privacy Policy</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
