import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The embedded server's superuser password. Every install used to share postgres/postgres, so any
 * local process (or anything that could reach the port) could log in; now each data directory
 * gets its own random password at initdb, kept in the directory itself (0600, owner only).
 */
export const PASSWORD_FILE = 'embedded-password';
/** What data directories initialised before the random password still use. */
export const LEGACY_PASSWORD = 'postgres';

/** 192 random bits, URL-safe (it is written into connection strings). */
export function newPassword(): string {
  return randomBytes(24).toString('base64url');
}

export function storePassword(dataDir: string, password: string): void {
  writeFileSync(resolve(dataDir, PASSWORD_FILE), `${password}\n`, { mode: 0o600, flag: 'wx' });
}

/** The directory's stored password; a directory without the file was made with the legacy one. */
export function storedPassword(dataDir: string): string {
  const file = resolve(dataDir, PASSWORD_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : LEGACY_PASSWORD;
}
