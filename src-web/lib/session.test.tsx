import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_POLL_MS, readAuth, storeLogin, storeUser, useAuth } from './session';
import { STORAGE_KEYS, clearAllClientStorage } from './storage';

const user = {
  id: 'u1',
  email: 'jane@example.com',
  phone: null,
  verified: true,
  isAdmin: false,
  planType: 'pro',
  planStatus: 'active',
};

function Probe() {
  const auth = useAuth();
  return (
    <p data-testid="auth">{`${auth.loggedIn ? 'in' : 'out'}:${auth.user?.email ?? '-'}:${auth.pro ? 'pro' : 'free'}`}</p>
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('session storage (SPEC.md section 4)', () => {
  it('is logged in only when both a session and a user are stored', () => {
    localStorage.setItem(STORAGE_KEYS.session, 'tok');
    expect(readAuth().loggedIn).toBe(false);
    localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user));
    expect(readAuth()).toMatchObject({ loggedIn: true, verified: true, pro: true });
    localStorage.removeItem(STORAGE_KEYS.session);
    expect(readAuth().loggedIn).toBe(false);
  });
  it('PRO means admin, or plan pro with status active', () => {
    localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify({ ...user, planStatus: 'canceled' }));
    expect(readAuth().pro).toBe(false);
    localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify({ ...user, planType: 'free', isAdmin: true }));
    expect(readAuth().pro).toBe(true);
  });
  it('login stores session, user and userId and clears the logout flag', () => {
    localStorage.setItem(STORAGE_KEYS.loggingOut, '1');
    storeLogin({ session: 'new', user });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBe('new');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('u1');
    expect(localStorage.getItem(STORAGE_KEYS.loggingOut)).toBeNull();
    expect(readAuth()).toMatchObject({ loggedIn: true, loggingOut: false });
  });
  it('a user without any contact is not stored', () => {
    storeUser({ ...user, email: null });
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
  });
  it('clearing removes every key, session storage and readable cookies', () => {
    storeLogin({ session: 'tok', user });
    sessionStorage.setItem('x', '1');
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants a cookie the way a page would, to see it cleared
    document.cookie = 'pref=1; path=/';
    clearAllClientStorage();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain('pref=1');
  });
  it('re-reads storage every 500 ms (writes that fire no event are picked up)', () => {
    vi.useFakeTimers();
    render(<Probe />);
    expect(screen.getByTestId('auth').textContent).toBe('out:-:free');
    localStorage.setItem(STORAGE_KEYS.session, 'tok');
    localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user));
    expect(screen.getByTestId('auth').textContent).toBe('out:-:free');
    act(() => vi.advanceTimersByTime(AUTH_POLL_MS));
    expect(screen.getByTestId('auth').textContent).toBe('in:jane@example.com:pro');
  });
  it('reacts at once to storage events from other tabs', () => {
    render(<Probe />);
    localStorage.setItem(STORAGE_KEYS.session, 'tok');
    localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authUser }));
    });
    expect(screen.getByTestId('auth').textContent).toBe('in:jane@example.com:pro');
  });
});
