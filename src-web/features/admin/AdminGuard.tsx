import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { STORAGE_CHANGE_EVENT } from '../../lib/storage';
import { adminSignedIn } from './admin-auth';

/**
 * Passes only with the admin marker in local storage (the credential is an HttpOnly cookie),
 * else redirects to /admin/login.
 * Rechecks on storage changes (any tab) and when the window regains focus.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const [allowed, setAllowed] = useState(adminSignedIn);
  const location = useLocation();
  useEffect(() => {
    const recheck = () => setAllowed(adminSignedIn());
    window.addEventListener('storage', recheck);
    window.addEventListener(STORAGE_CHANGE_EVENT, recheck);
    window.addEventListener('focus', recheck);
    return () => {
      window.removeEventListener('storage', recheck);
      window.removeEventListener(STORAGE_CHANGE_EVENT, recheck);
      window.removeEventListener('focus', recheck);
    };
  }, []);
  if (!allowed) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
