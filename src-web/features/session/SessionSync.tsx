import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { storeUser, useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** The server's view of the caller's user, keyed by the session so a login never sees stale data. */
export function useServerUser() {
  const auth = useAuth();
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: ['server-user', auth.session],
    queryFn: () => utils.client.auth.me.query(),
    enabled: !auth.loggingOut,
  });
}

/** Mirrors the server's user into local storage (plan, verification and contact changes). */
export function SessionSync() {
  const { data, isSuccess } = useServerUser();
  useEffect(() => {
    if (isSuccess) storeUser(data ?? null);
  }, [data, isSuccess]);
  return null;
}
