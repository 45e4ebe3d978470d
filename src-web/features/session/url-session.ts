import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage';

export type SessionParamOutcome = 'none' | 'adopted' | 'kept-existing' | 'refused';

/** Whether a token belongs to a live anonymous visitor (never a verified account). */
async function isAnonymousSession(token: string): Promise<boolean> {
  try {
    const response = await fetch('/trpc/auth.me', { headers: { 'x-session': token }, credentials: 'omit' });
    if (!response.ok) return false;
    const body = (await response.json()) as {
      result?: { data?: { verified?: boolean; email?: string | null; phone?: string | null } | null };
    };
    const user = body.result?.data;
    return Boolean(user) && user!.verified !== true;
  } catch {
    return false;
  }
}

/**
 * `?session=` (SPEC.md section 2), made safe: the parameter is removed from the URL at once; it
 * never replaces a session this browser already has, and a token of a verified account is never
 * adopted (a link must not sign anyone in to an account). Only a live anonymous session is
 * stored, the stored userId removed and the page reloaded. Resolves 'adopted' when reloading.
 */
export async function consumeSessionParam(location: Location = window.location): Promise<SessionParamOutcome> {
  const url = new URL(location.href);
  const session = url.searchParams.get('session')?.trim();
  if (!url.searchParams.has('session')) return 'none';
  url.searchParams.delete('session');
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  if (!session) return 'none';
  const current = readStorage(STORAGE_KEYS.session);
  if (current === session) return 'none';
  if (current) return 'kept-existing';
  if (!(await isAnonymousSession(session))) return 'refused';
  writeStorage(STORAGE_KEYS.session, session);
  writeStorage(STORAGE_KEYS.userId, null);
  location.reload();
  return 'adopted';
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
