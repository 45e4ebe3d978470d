import { Link } from 'react-router';
import { currentBrandConfig } from '../../brand/current-brand';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  const name = currentBrandConfig().brandName;
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`This policy explains what ${name} collects, why, and the choices you have. We collect only what the service needs and we never sell personal data.`}
      sections={[
        {
          title: 'What we collect',
          body: (
            <ul>
              <li>
                <strong>Watchlist and preferences:</strong> the tickers you follow, the form types per ticker, your
                notes, and your dashboard settings (view, sorting, filters, theme, trading platform link, alert
                thresholds and digest time).
              </li>
              <li>
                <strong>Contact details:</strong> the email address and/or U.S. phone number you add, whether each is
                verified, and your alert channel choices. Text opt-outs (STOP) are recorded so we honour them.
              </li>
              <li>
                <strong>Sessions:</strong> a random session token stored in your browser and in a cookie; we keep only a
                one-way hash of it, with the time, IP address and browser of the sign-in to protect your account.
              </li>
              <li>
                <strong>Alert history:</strong> which filings were sent to you, when, over which channel, and the
                provider’s delivery id, so no alert is lost or sent twice.
              </li>
              <li>
                <strong>Subscription:</strong> your plan and its status. Card details are handled by the payment
                processor and never reach our servers.
              </li>
            </ul>
          ),
        },
        {
          title: 'How we use it',
          body: (
            <p>
              To show your dashboard, send the alerts and digests you asked for, sign you in, verify contacts, prevent
              abuse (for example rate limits on codes), and keep the service running. We do not use your data for
              advertising and do not build profiles of your trading interests for anyone else.
            </p>
          ),
        },
        {
          title: 'Who receives it',
          body: (
            <p>
              Only the processors that deliver the service: our email provider (to send email), our SMS provider (to
              send texts and receive your replies), our hosting and database provider, and, for paid plans, the payment
              processor. Each receives only what its task needs. Filings themselves are public data from the SEC. We
              disclose data to authorities only when the law requires it.
            </p>
          ),
        },
        {
          title: 'Cookies and local storage',
          body: (
            <p>
              We use one essential cookie holding your session token, and your browser’s local storage for the session,
              your user record, the sidebar state, the theme and, for administrators, the admin credential. There are no
              advertising or third-party tracking cookies. Logging out clears all of it from the browser.
            </p>
          ),
        },
        {
          title: 'Retention and deletion',
          body: (
            <p>
              We keep your data while your account is in use. Deleting your account in Settings removes your user
              record, watchlist, preferences, contacts, sessions and alert history at once, in one step.
            </p>
          ),
        },
        {
          title: 'Your choices and rights',
          body: (
            <p>
              You can view and change your contact details and alert settings in <Link to="/settings">Settings</Link>,
              stop texts by replying STOP, use the unsubscribe link in any alert email, and delete your account at any
              time. Depending on where you live you may also have rights to access, correct or export your data; contact
              us and we will respond within 30 days.
            </p>
          ),
        },
        {
          title: 'Security',
          body: (
            <p>
              Sign-in codes and links are random, single-use, short-lived and stored only as hashes; repeated wrong
              codes are refused. Traffic is encrypted in transit when served over HTTPS, and one user can never read or
              change another user’s data.
            </p>
          ),
        },
        {
          title: 'Children',
          body: <p>The service is not directed to children under 16 and we do not knowingly collect their data.</p>,
        },
        {
          title: 'Changes',
          body: (
            <p>
              We will post any change to this policy here and email verified users about material changes before they
              apply.
            </p>
          ),
        },
      ]}
    />
  );
}
