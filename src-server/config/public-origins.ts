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
  if (!map) brandHostCache.set(env, (map = parseBrandHosts(env.BRAND_HOSTS)));
  return map;
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
  return env.NODE_ENV !== 'production' && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOOPBACK.has(parsed.hostname);
}
