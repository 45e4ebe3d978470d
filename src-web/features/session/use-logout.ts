import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { STORAGE_KEYS, clearAllClientStorage, writeStorage } from '../../lib/storage';

/**
 * Logout (SPEC.md section 4): set the logging-out flag, revoke the session on the server, clear
 * the query cache, every storage entry and cookie, then go to /. The flag survives the clearing
 * so the reloading page shows an empty watchlist instead of the old one; boot removes it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const revoke = trpc.auth.logout.useMutation();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    writeStorage(STORAGE_KEYS.loggingOut, '1');
    try {
      await revoke.mutateAsync();
    } catch {
      // The local session is dropped either way; an unreachable server must not keep a user logged in.
    }
    await queryClient.cancelQueries();
    queryClient.clear();
    clearAllClientStorage();
    writeStorage(STORAGE_KEYS.loggingOut, '1');
    window.location.assign('/');
  }, [queryClient, revoke]);
  return { logout, pending };
}

/** Called once at start: a finished logout's flag is dropped so the new visit starts clean. */
export function finishPendingLogout(): void {
  writeStorage(STORAGE_KEYS.loggingOut, null);
}
