import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { consumeSessionParam, loggedInParams } from './url-session';

const answer = (data: unknown) =>
  vi.fn(async () => new Response(JSON.stringify({ result: { data } }), { status: 200 }));

describe('?session= (SPEC.md section 2, issue 12)', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('adopts a live anonymous session when this browser has none: stored, userId removed, URL cleaned, reload', async () => {
    vi.stubGlobal('fetch', answer({ id: 'u1', verified: false, email: null, phone: null }));
    window.history.replaceState(null, '', '/?session=abc123&ticker=AAPL');
    localStorage.setItem(STORAGE_KEYS.userId, 'old');
    const reload = vi.fn();
    const location = { href: window.location.href, reload } as unknown as Location;
    expect(await consumeSessionParam(location)).toBe('adopted');
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBe('abc123');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(window.location.search).toBe('?ticker=AAPL');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('never replaces the session this browser already has', async () => {
    vi.stubGlobal('fetch', answer({ id: 'u1', verified: false }));
    localStorage.setItem(STORAGE_KEYS.session, 'mine');
    window.history.replaceState(null, '', '/?session=planted');
    const reload = vi.fn();
    expect(await consumeSessionParam({ href: window.location.href, reload } as unknown as Location)).toBe(
      'kept-existing',
    );
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBe('mine');
    expect(window.location.search).toBe('');
    expect(reload).not.toHaveBeenCalled();
  });

  it("never adopts a verified account's token, nor a dead one", async () => {
    for (const data of [{ id: 'u2', verified: true, email: 'a@example.com' }, null]) {
      vi.stubGlobal('fetch', answer(data));
      window.history.replaceState(null, '', '/?session=stolen');
      const reload = vi.fn();
      expect(await consumeSessionParam({ href: window.location.href, reload } as unknown as Location)).toBe('refused');
      expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
      expect(reload).not.toHaveBeenCalled();
    }
  });

  it('does nothing without the parameter', async () => {
    const reload = vi.fn();
    expect(await consumeSessionParam({ href: 'http://localhost/?ticker=AAPL', reload } as unknown as Location)).toBe(
      'none',
    );
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
