import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { noteSessionAfterYes, rememberAwaitingYes, signedOutByYes } from './yes-sign-out';

const phone = '+12025550177';
const me = { id: 'u1', phone };

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the browser that asked for the YES', () => {
  it('keeps waiting while its account is still signed in, even when a verified email makes the account verified', () => {
    rememberAwaitingYes({ phone, userId: 'u1' });
    // The account's email was verified before; the new number is stored but not yet confirmed.
    noteSessionAfterYes(me);
    expect(localStorage.getItem(STORAGE_KEYS.awaitingYes)).not.toBeNull();
    // The YES ends every session of the account: this browser is now someone without one.
    noteSessionAfterYes(null);
    expect(signedOutByYes()).toBe(phone);
    expect(localStorage.getItem(STORAGE_KEYS.awaitingYes)).toBeNull();
  });

  it('stops waiting when the number changed or the wait ran out', () => {
    rememberAwaitingYes({ phone, userId: 'u1' });
    noteSessionAfterYes({ id: 'u1', phone: '+12025550100' });
    expect(localStorage.getItem(STORAGE_KEYS.awaitingYes)).toBeNull();

    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12) });
    rememberAwaitingYes({ phone, userId: 'u1' });
    vi.setSystemTime(Date.UTC(2026, 10, 28, 15));
    noteSessionAfterYes(me);
    expect(localStorage.getItem(STORAGE_KEYS.awaitingYes)).toBeNull();
    noteSessionAfterYes(null);
    expect(signedOutByYes()).toBeNull();
  });
});
