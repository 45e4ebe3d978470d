import { Link, useLocation } from 'react-router';
import { PageShell } from '../../components/PageShell';

/** Shown for a route whose page is not part of this build. */
export default function UnavailablePage() {
  const { pathname } = useLocation();
  return (
    <PageShell className="content-page">
      <div className="empty-state">
        <h1>This page is not available yet</h1>
        <p>
          <code>{pathname}</code> is not part of this version of the app.
        </p>
        <Link className="btn btn-primary" to="/">
          Back to your watchlist
        </Link>
      </div>
    </PageShell>
  );
}
