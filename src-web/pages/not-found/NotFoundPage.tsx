import { Link } from 'react-router';
import { PageShell } from '../../components/PageShell';

export default function NotFoundPage() {
  return (
    <PageShell className="content-page">
      <div className="empty-state">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <Link className="btn btn-primary" to="/">
          Go to Homepage
        </Link>
      </div>
    </PageShell>
  );
}
