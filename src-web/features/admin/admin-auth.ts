import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage';

/**
 * The admin credential itself is an HttpOnly cookie the server sets on sign-in, out of reach of any
 * script on the page. Local storage keeps only a marker under 'adminAuth' (no secret), which the
 * guard reads as SPEC.md describes: present means "signed in to the admin area in this browser".
 */
const MARKER = 'cookie';

export function adminSignedIn(): boolean {
  return readStorage(STORAGE_KEYS.adminAuth) === MARKER;
}

export function markAdminSignedIn(signedIn: boolean): void {
  writeStorage(STORAGE_KEYS.adminAuth, signedIn ? MARKER : null);
}
