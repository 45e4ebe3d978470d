/**
 * Which uncaught errors a process survives (issue 27): the ones postgres.js throws from its own
 * socket handlers and timers when the server drops a connection, and nothing else.
 */
import { expect, it } from 'vitest';
import { isConnectionLossFromDriver } from './shutdown';

const DRIVER = '    at nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)';
const withStack = <E extends Error>(err: E, frame: string) => {
  err.stack = `${err.name}: ${err.message}\n${frame}`;
  return err;
};

it('carries on after the driver writes to a closed socket or hears FATAL 57P01 with no query', () => {
  expect(
    isConnectionLossFromDriver(withStack(new TypeError("Cannot read properties of null (reading 'write')"), DRIVER)),
  ).toBe(true);
  const fatal = withStack(
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    DRIVER,
  );
  expect(isConnectionLossFromDriver(fatal)).toBe(true);
});

it('still stops on the same errors from our own code, and on any other driver error', () => {
  const ours = '    at sendComposed (file:///app/src-server/domains/alerts/delivery.service.ts:10:1)';
  expect(
    isConnectionLossFromDriver(withStack(new TypeError("Cannot read properties of null (reading 'write')"), ours)),
  ).toBe(false);
  expect(isConnectionLossFromDriver(withStack(new TypeError('x is not a function'), DRIVER))).toBe(false);
  expect(
    isConnectionLossFromDriver(withStack(Object.assign(new Error('syntax error'), { code: '42601' }), DRIVER)),
  ).toBe(false);
  expect(isConnectionLossFromDriver('a string')).toBe(false);
});
