// A module load hook mending postgres.js 3.4.9 (the latest release) where a dropped database
// connection crashes the process (issue 27, decision 270). When the server closes a connection,
// postgres.js sets its socket to null; a query issued on that connection object before it
// reconnects (the ROLLBACK a transaction sends after its statement failed with CONNECTION_CLOSED,
// a reserved connection's next query) is written from a setImmediate timer and throws
// "TypeError: Cannot read properties of null (reading 'write')", uncaught. It also leaves the
// connection's write buffer wedged. The mend: a connection without a socket fails the query at
// once with CONNECTION_CLOSED, and the connection reconnects for the next query.
const TARGET = /\/node_modules\/postgres\/src\/connection\.js$/;
const FROM = '  function execute(q) {\n    if (terminated)\n';
// `true`: the caller must not mark the connection full, or the pool never reconnects it.
const TO =
  "  function execute(q) {\n    if (!socket && !terminated)\n      return (queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true)\n    if (terminated)\n";

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!TARGET.test(url) || result.source == null) return result;
  const source = String(result.source);
  if (!source.includes(FROM)) {
    process.emitWarning(
      'postgres.js changed: the dropped-connection mend (scripts/postgres-patch-hooks.mjs) was not applied',
    );
    return result;
  }
  return { ...result, source: source.replace(FROM, TO) };
}
