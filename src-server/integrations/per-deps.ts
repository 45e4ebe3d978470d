import type { AppDeps } from '../deps';

/** One value per key object (an AppDeps, a db handle), created on first use and dropped with the key. */
export function perKey<K extends object, T>(create: (key: K) => T): (key: K) => T {
  const cache = new WeakMap<K, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = create(key);
      cache.set(key, value);
    }
    return value;
  };
}

/** One instance per AppDeps, created on first use (adapters chosen from deps.env). */
export const perDeps: <T>(create: (deps: AppDeps) => T) => (deps: AppDeps) => T = perKey;
