import { parseBrandHosts, type BrandId } from '#shared/brands';
import type { Env } from './env';

type OriginEnv = Pick<Env, 'PUBLIC_URL' | 'PORT' | 'BRAND_HOSTS' | 'NODE_ENV'>;

/** PUBLIC_URL without a trailing slash (http://localhost:PORT when unset). */
export function publicUrlOf(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

const brandHostCache = new WeakMap<object, Map<string, BrandId>>();
/** BRAND_HOSTS parsed once per environment object. */
export function brandHostsOf(env: Pick<Env, 'BRAND_HOSTS'>): Map<string, BrandId> {
  let map = brandHostCache.get(env);
  if (!map) {
    map = parseBrandHosts(env.BRAND_HOSTS);
    brandHostCache.set(env, map);
  }
  return map;
}

/**
 * The origin a brand's users reach it on, for links in the messages we send them: the first
 * BRAND_HOSTS host mapped to that brand, on PUBLIC_URL's scheme and port (one server answers every
 * brand host), else PUBLIC_URL itself. A link must land on the brand the user signed in on: their
 * session cookie lives on that host only.
 */
export function brandBaseOf(env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'BRAND_HOSTS'>, brand: string): string {
  const base = new URL(publicUrlOf(env));
  const mapped = [...brandHostsOf(env)].find(([, id]) => id === brand)?.[0];
  if (!mapped) return publicUrlOf(env);
  return `${base.protocol}//${mapped}${base.port ? `:${base.port}` : ''}`;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a browser Origin is one of ours: PUBLIC_URL's origin, or one of BRAND_HOSTS on
 * PUBLIC_URL's scheme (any port, as BRAND_HOSTS names hosts only). Outside production, loopback
 * origins also count (the dev server, Vite on another port, tests on 127.0.0.1:<random>).
 */
export function isOurOrigin(env: OriginEnv, origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin !== origin.replace(/\/$/, '').toLowerCase() && parsed.origin !== origin) return false;
  const base = new URL(publicUrlOf(env));
  if (parsed.origin === base.origin) return true;
  if (parsed.protocol === base.protocol && brandHostsOf(env).has(parsed.hostname)) return true;
  return (
    env.NODE_ENV !== 'production' &&
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    LOOPBACK.has(parsed.hostname)
  );
}

/**
 * Whether a request's Host header names one of our sites: PUBLIC_URL's host, a BRAND_HOSTS host or,
 * outside production, a loopback name. Pages for this machine only check it, so a page on a
 * rebinding attacker's domain that resolves to 127.0.0.1 cannot read them.
 */
export function isOurHost(env: OriginEnv, host: string | undefined): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  if (hostname === new URL(publicUrlOf(env)).hostname || brandHostsOf(env).has(hostname)) return true;
  return env.NODE_ENV !== 'production' && LOOPBACK.has(hostname);
}
