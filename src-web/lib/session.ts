import { useSyncExternalStore } from 'react';
import { isPro } from '#shared/plans';
import type { UserDto } from './router-types';
import { STORAGE_CHANGE_EVENT, STORAGE_KEYS, readStorage, writeStorage } from './storage';

/**
 * The user object of SPEC.md section 3 (the server's UserDto) as stored under 'auth-user'; isPro
 * is derived here, and a value stored by an older version may lack the id.
 */
export type StoredUser = Omit<UserDto, 'id' | 'isPro' | 'billingIssue'> & { id?: string; billingIssue?: boolean };

export interface AuthState {
  session: string | null;
  user: StoredUser | null;
  /** SPEC.md section 4: logged in when both a session and a user object are stored. */
  loggedIn: boolean;
  verified: boolean;
  pro: boolean;
  loggingOut: boolean;
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const u = value as Partial<StoredUser>;
    return {
      id: typeof u.id === 'string' ? u.id : undefined,
      email: typeof u.email === 'string' ? u.email : null,
      phone: typeof u.phone === 'string' ? u.phone : null,
      verified: u.verified === true,
      isAdmin: u.isAdmin === true,
      planType: typeof u.planType === 'string' ? u.planType : 'free',
      planStatus: typeof u.planStatus === 'string' ? u.planStatus : 'inactive',
      billingIssue: u.billingIssue === true,
    };
  } catch {
    return null;
  }
}

let cache: { key: string; state: AuthState } | null = null;

/** Reads storage; returns the same object while nothing changed, so React skips re-renders. */
export function readAuth(): AuthState {
  const session = readStorage(STORAGE_KEYS.session);
  const rawUser = readStorage(STORAGE_KEYS.authUser);
  const loggingOut = readStorage(STORAGE_KEYS.loggingOut) !== null;
  const key = `${session}\u0000${rawUser}\u0000${loggingOut}`;
  if (cache?.key === key) return cache.state;
  const user = parseUser(rawUser);
  const state: AuthState = {
    session,
    user,
    loggedIn: Boolean(session && user),
    verified: user?.verified === true,
    pro: isPro(user),
    loggingOut,
  };
  cache = { key, state };
  return state;
}

export const AUTH_POLL_MS = 500;

/** Storage is re-read every 500 ms and on storage events (SPEC.md section 4). */
export function subscribeAuth(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, AUTH_POLL_MS);
  window.addEventListener('storage', onChange);
  window.addEventListener(STORAGE_CHANGE_EVENT, onChange);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('storage', onChange);
    window.removeEventListener(STORAGE_CHANGE_EVENT, onChange);
  };
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, readAuth, readAuth);
}

export function storeSession(token: string | null): void {
  if (token !== readStorage(STORAGE_KEYS.session)) writeStorage(STORAGE_KEYS.session, token);
}

/** Keeps the stored user in step with the server; a user without any contact is not stored. */
export function storeUser(user: StoredUser | null): void {
  const keep = user && (user.email || user.phone) ? user : null;
  const raw = keep ? JSON.stringify(keep) : null;
  if (raw !== readStorage(STORAGE_KEYS.authUser)) writeStorage(STORAGE_KEYS.authUser, raw);
  const id = keep?.id ?? null;
  if (id !== readStorage(STORAGE_KEYS.userId)) writeStorage(STORAGE_KEYS.userId, id);
}

/** Login stores the session and the user and clears the logout flag. */
export function storeLogin(params: { session: string; user: StoredUser }): void {
  writeStorage(STORAGE_KEYS.loggingOut, null);
  storeSession(params.session);
  storeUser(params.user);
}
