import type { IncomingHttpHeaders } from 'node:http';

export const SESSION_HEADER = 'x-session';
export const SESSION_COOKIE = 'session';
/**
 * The admin area's credential in a browser: HttpOnly (out of reach of any script on the page),
 * SameSite=Strict, and sent only with tRPC calls (Path=/trpc), where the admin console makes them.
 */
export const ADMIN_COOKIE = 'admin_session';
export const ADMIN_COOKIE_PATH = '/trpc';

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads one cookie from a raw Cookie header (websocket upgrades carry no parsed cookies). */
export function readCookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = firstHeader(headers.cookie);
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The session token a caller presents: X-Session header first, then the session cookie. */
export function sessionTokenFrom(headers: IncomingHttpHeaders): string | undefined {
  return firstHeader(headers[SESSION_HEADER])?.trim() || readCookie(headers, SESSION_COOKIE) || undefined;
}

/** Bearer credential for admin calls. */
export function bearerTokenFrom(headers: IncomingHttpHeaders): string | undefined {
  const auth = firstHeader(headers.authorization);
  const match = auth?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}
