import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { markAdminSignedIn } from '../../features/admin/admin-auth';
import { errorMessage } from '../../lib/errors';
import { useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** Admins sign in like everyone else, then exchange that session for the admin credential. */
export default function AdminLoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const adminLogin = trpc.auth.adminLogin.useMutation();
  const [error, setError] = useState<string | null>(null);

  const enter = async () => {
    setError(null);
    try {
      // The server sets the credential as an HttpOnly cookie; the page keeps only the marker.
      await adminLogin.mutateAsync();
      markAdminSignedIn(true);
      void navigate('/admin', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, 'Could not open the admin area. Please try again.'));
    }
  };

  return (
    <PageShell className="content-page auth-page">
      <div className="auth-card">
        <h1>Admin sign in</h1>
        {auth.loggedIn ? (
          <>
            <p className="muted">
              Signed in as <strong>{auth.user?.email ?? auth.user?.phone}</strong>. The admin area uses its own
              short-lived credential.
            </p>
            <ErrorBox>{error}</ErrorBox>
            <button
              type="button"
              className="btn btn-primary btn-block btn-lg"
              onClick={() => void enter()}
              disabled={adminLogin.isPending}
            >
              {adminLogin.isPending ? 'Opening...' : 'Open the admin area'}
            </button>
          </>
        ) : (
          <>
            <p className="muted">Sign in with your verified admin email or phone first, then come back to this page.</p>
            <Link className="btn btn-primary btn-block btn-lg" to="/login">
              Sign in
            </Link>
          </>
        )}
      </div>
    </PageShell>
  );
}
