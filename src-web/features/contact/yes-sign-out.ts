/**
 * Replying YES verifies a number and ends every session of that account (a browser that asked for
 * the text may not be the number's owner: inbound-sms.service). The browser that asked must not be
 * left at a blank watchlist without a word: it remembers that it is waiting for a YES, notices when
 * its account's session is gone, and offers signing in with that number in one step.
 */
import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage';

interface AwaitingYes {
  phone: string;
  userId: string;
  at: number;
}

/** How long after the text a lost session is read as the YES's doing. */
const WAIT_MS = 2 * 60 * 60 * 1000;

export function rememberAwaitingYes(params: { phone: string; userId: string }): void {
  writeStorage(STORAGE_KEYS.awaitingYes, JSON.stringify({ ...params, at: Date.now() }));
}

function readAwaiting(): AwaitingYes | null {
  try {
    const value = JSON.parse(readStorage(STORAGE_KEYS.awaitingYes) ?? 'null') as AwaitingYes | null;
    return value && typeof value.phone === 'string' && typeof value.userId === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Called with every answer of auth.me. The same account still signed in here means the YES has
 * not come yet (a YES that verifies ends every session of the account), so it keeps waiting,
 * unless the number changed since or the wait ran out. `verified` says nothing about this number:
 * an account with a verified email is verified while its new phone still waits for the reply.
 * Another account or none, soon after the text, means the YES signed this browser out.
 */
export function noteSessionAfterYes(me: { id: string; phone: string | null } | null): void {
  const waiting = readAwaiting();
  if (!waiting) return;
  if (me?.id === waiting.userId) {
    if (me.phone !== waiting.phone || Date.now() - waiting.at >= WAIT_MS) writeStorage(STORAGE_KEYS.awaitingYes, null);
    return;
  }
  writeStorage(STORAGE_KEYS.awaitingYes, null);
  if (Date.now() - waiting.at < WAIT_MS) writeStorage(STORAGE_KEYS.signedOutByYes, waiting.phone);
}

export function signedOutByYes(): string | null {
  return readStorage(STORAGE_KEYS.signedOutByYes);
}

export function dismissSignedOutByYes(): void {
  writeStorage(STORAGE_KEYS.signedOutByYes, null);
}
