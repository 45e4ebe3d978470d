/**
 * postgres.js looks up the server's array types on every new connection from inside its socket handler and never
 * awaits that query (`fetchArrayTypes` in its connection.js). When the database goes away during the lookup, as a test's
 * or a bench's throwaway database does when it is dropped while a client is still reconnecting, the rejection reaches
 * nobody. That is the driver's leftover, not a failure of the code under test; every other unhandled error still is one.
 */
const CONNECTION_LOST = ['ECONNRESET', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', '57P01', '3D000'];

export function isLeftoverTypeLookup(thrown: unknown): boolean {
  if (typeof thrown !== 'object' || thrown === null) return false;
  const error = thrown as { code?: unknown; query?: unknown };
  return (
    typeof error.query === 'string' &&
    /from pg_catalog\.pg_type a[\s\S]*typcategory = 'A'/.test(error.query) &&
    CONNECTION_LOST.includes(String(error.code))
  );
}
