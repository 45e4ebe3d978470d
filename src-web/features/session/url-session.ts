import { STORAGE_KEYS, writeStorage } from '../../lib/storage';

/**
 * `?session=` (SPEC.md section 2): stored as the session, the stored userId removed, the URL
 * cleaned and the page reloaded. Returns true when a reload is under way.
 */
export function consumeSessionParam(location: Location = window.location): boolean {
  const url = new URL(location.href);
  const session = url.searchParams.get('session')?.trim();
  if (!session) return false;
  writeStorage(STORAGE_KEYS.session, session);
  writeStorage(STORAGE_KEYS.userId, null);
  url.searchParams.delete('session');
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  location.reload();
  return true;
}

/** `?loggedin=1&merged=N&rejected=M`: the merge counts, only logged. */
export function loggedInParams(search: string): { merged: number; rejected: number } | null {
  const params = new URLSearchParams(search);
  if (params.get('loggedin') !== '1') return null;
  const count = (name: string) => {
    const n = Number(params.get(name));
    return Number.isFinite(n) && n >= 0 ? n : 0;
  };
  return { merged: count('merged'), rejected: count('rejected') };
}
