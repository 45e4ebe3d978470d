/**
 * One value per database handle (prepared statements, which postgres-js keeps per connection
 * pool), created on first use and dropped with the handle. Not process state: the value is a
 * function of the handle alone, so tests and transactions passing their own handle get their own.
 */
export function perDb<K extends object, T>(create: (key: K) => T): (key: K) => T {
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
