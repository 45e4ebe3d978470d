import type { AppDeps } from '../deps';

/** One instance per AppDeps, created on first use (adapters chosen from deps.env). */
export function perDeps<T>(create: (deps: AppDeps) => T): (deps: AppDeps) => T {
  const cache = new WeakMap<AppDeps, T>();
  return (deps) => {
    let value = cache.get(deps);
    if (value === undefined) {
      value = create(deps);
      cache.set(deps, value);
    }
    return value;
  };
}
