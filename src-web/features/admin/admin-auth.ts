import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage';

/** The admin credential (a bearer admin session) kept under 'adminAuth'. */
export function adminToken(): string | null {
  const value = readStorage(STORAGE_KEYS.adminAuth);
  return value && value.trim() ? value : null;
}

export function storeAdminToken(token: string | null): void {
  writeStorage(STORAGE_KEYS.adminAuth, token);
}
