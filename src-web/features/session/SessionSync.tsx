import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { storeUser, useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { noteSessionAfterYes } from '../contact/yes-sign-out';

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

/** The zone this browser runs in (IANA), or null when Intl cannot say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Mirrors the server's user into local storage (plan, verification and contact changes), and
 * gives the server this browser's time zone once per signed-in user and tab: the digest goes at
 * the user's local morning hour until they pick a zone in settings (the server keeps a picked one).
 */
export function SessionSync() {
  const { data, isSuccess } = useServerUser();
  const saveZone = trpc.auth.browserTimeZone.useMutation();
  const userId = data?.id ?? null;
  useEffect(() => {
    if (!isSuccess) return;
    noteSessionAfterYes(data ?? null);
    storeUser(data ?? null);
  }, [data, isSuccess]);
  const { mutate } = saveZone;
  useEffect(() => {
    const zone = browserTimeZone();
    if (!userId || !zone || sessionStorage.getItem(`tz-sent:${userId}`) === zone) return;
    sessionStorage.setItem(`tz-sent:${userId}`, zone);
    mutate({ timeZone: zone });
  }, [userId, mutate]);
  return null;
}
