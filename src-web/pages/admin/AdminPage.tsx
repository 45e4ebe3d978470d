import { Suspense, useEffect } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { currentBrandConfig } from '../../brand/current-brand';
import { Loading } from '../../components/Loading';
import { ErrorBox } from '../../components/Notice';
import { markAdminSignedIn } from '../../features/admin/admin-auth';
import { ADMIN_SECTIONS, ADMIN_SECTION_LABELS, type AdminSection } from '../../features/admin/admin-sections';
import { sectionComponent } from '../../features/admin/sections/registry';
import { errorReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/**
 * The admin area's frame: who is signed in, the section navigation and admin sign-out. Each
 * section's content is its own lazily loaded file (features/admin/sections/registry.ts).
 */
export default function AdminPage() {
  const brand = currentBrandConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Rechecked on focus and every minute: an idle-expired or revoked credential sends the admin to sign in.
  const me = trpc.admin.me.useQuery(undefined, { retry: false, refetchOnWindowFocus: true, refetchInterval: 60_000 });
  const logout = trpc.auth.adminLogout.useMutation();
  const section = pathname.replace(/^\/admin\/?/, '') as AdminSection | '';
  const Section = sectionComponent(section || 'overview');

  const signOut = async () => {
    await logout.mutateAsync().catch(() => undefined);
    markAdminSignedIn(false);
    void navigate('/admin/login', { replace: true });
  };

  const expired = me.isError && errorReason(me.error) === 'admin_required';
  useEffect(() => {
    // A dead credential is dropped; the guard then sends the visitor to /admin/login.
    if (expired) markAdminSignedIn(false);
  }, [expired]);

  return (
    <div className="admin">
      <header className="admin__bar">
        <strong>{brand.brandName} · Admin</strong>
        <span className="muted">{me.data?.email ?? me.data?.phone ?? ''}</span>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void signOut()}>
          Sign out of admin
        </button>
      </header>
      <div className="admin__layout">
        <nav className="admin__nav" aria-label="Admin sections">
          <NavLink to="/admin" end>
            Overview
          </NavLink>
          {ADMIN_SECTIONS.map((id) => (
            <NavLink key={id} to={`/admin/${id}`}>
              {ADMIN_SECTION_LABELS[id]}
            </NavLink>
          ))}
        </nav>
        <main className="admin__main" id="main">
          <h1>{section ? ADMIN_SECTION_LABELS[section] : 'Overview'}</h1>
          {me.isLoading ? (
            <Loading />
          ) : me.isError ? (
            <ErrorBox>{me.error.message}</ErrorBox>
          ) : Section ? (
            <Suspense fallback={<Loading />}>
              <Section />
            </Suspense>
          ) : (
            <p className="muted">The tools for this section are not part of this build yet.</p>
          )}
        </main>
      </div>
    </div>
  );
}
