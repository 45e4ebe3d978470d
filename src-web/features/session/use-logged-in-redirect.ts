import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { storeLogin } from '../../lib/session';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { trpc } from '../../lib/trpc';
import { loggedInParams } from './url-session';

/**
 * `?loggedin=1` after an email link: the session the server set as a cookie is read back and
 * stored, then the user goes to /. The merge counts are only logged. Returns true while busy.
 */
export function useLoggedInRedirect(): boolean {
  const [info] = useState(() => loggedInParams(window.location.search));
  const [busy, setBusy] = useState(info !== null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const started = useRef(false);

  useEffect(() => {
    if (!info || started.current) return;
    started.current = true;
    console.info(`Signed in: ${info.merged} watchlist item(s) merged, ${info.rejected} rejected`);
    // The stored token is the pre-login one, which the login revoked: the cookie holds the new one.
    writeStorage(STORAGE_KEYS.session, null);
    utils.client.auth.session
      .mutate()
      .then((result) => {
        if (result.session && result.user) storeLogin({ session: result.session, user: result.user });
      })
      .catch(() => {
        // Without a readable session the cookie still authenticates this browser.
      })
      .finally(() => {
        queryClient.removeQueries();
        setBusy(false);
        navigate('/', { replace: true });
      });
  }, [info, navigate, queryClient, utils]);
  return busy;
}
