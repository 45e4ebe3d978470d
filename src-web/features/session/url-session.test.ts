import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { consumeSessionParam, loggedInParams } from './url-session';

describe('?session= (SPEC.md section 2)', () => {
  it('stores the session, removes the userId, cleans the URL and reloads', () => {
    window.history.replaceState(null, '', '/?session=abc123&ticker=AAPL');
    localStorage.setItem(STORAGE_KEYS.userId, 'old');
    const reload = vi.fn();
    const location = { href: window.location.href, reload } as unknown as Location;
    expect(consumeSessionParam(location)).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBe('abc123');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(window.location.search).toBe('?ticker=AAPL');
    expect(reload).toHaveBeenCalledOnce();
  });
  it('does nothing without the parameter', () => {
    const reload = vi.fn();
    expect(consumeSessionParam({ href: 'http://localhost/?ticker=AAPL', reload } as unknown as Location)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('?loggedin=1', () => {
  it('reads the merge counts', () => {
    expect(loggedInParams('?loggedin=1&merged=3&rejected=1')).toEqual({ merged: 3, rejected: 1 });
    expect(loggedInParams('?loggedin=1')).toEqual({ merged: 0, rejected: 0 });
    expect(loggedInParams('?merged=3')).toBeNull();
  });
});
