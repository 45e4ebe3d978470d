/** Local storage keys of SPEC.md section 3 (plus the cached theme so the first paint is right). */
export const STORAGE_KEYS = {
  session: 'session',
  userId: 'userId',
  authUser: 'auth-user',
  adminAuth: 'adminAuth',
  sidebarCollapsed: 'sidebarCollapsed',
  loggingOut: 'loggingOut',
  themeMode: 'themeMode',
  /** A text asking for YES was sent to this browser's account: { phone, userId, at }. */
  awaitingYes: 'awaitingYes',
  /** The phone whose YES ended this browser's session (the notice offering one-step sign-in). */
  signedOutByYes: 'signedOutByYes',
} as const;

/** Same-tab writes announce themselves; other tabs hear the browser's 'storage' event. */
export const STORAGE_CHANGE_EVENT = 'app-storage-change';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the app keeps working without persistence.
  }
  window.dispatchEvent(new Event(STORAGE_CHANGE_EVENT));
}

/** Logout: every local and session storage entry and every cookie script can reach. */
export function clearAllClientStorage(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Nothing stored when storage is unavailable.
  }
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing from Firefox; this must clear synchronously everywhere
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.dispatchEvent(new Event(STORAGE_CHANGE_EVENT));
}
