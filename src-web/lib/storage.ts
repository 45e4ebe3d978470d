/** Local storage keys of SPEC.md section 3. */
export const STORAGE_KEYS = {
  session: 'session',
  userId: 'userId',
  authUser: 'auth-user',
  adminAuth: 'adminAuth',
  sidebarCollapsed: 'sidebarCollapsed',
  loggingOut: 'loggingOut',
} as const;

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
}
