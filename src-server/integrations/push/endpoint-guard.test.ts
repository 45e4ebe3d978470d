/**
 * The push endpoint guard with an injected resolver (no test resolves a real name or sends a packet
 * outside 127.0.0.0/8): names that resolve to private, link-local or metadata addresses, a name
 * that answers differently at connect time (DNS rebinding), and loopback only with the test flag.
 */
import { describe, expect, it } from 'vitest';
import { addressAllowed, checkEndpoint, EndpointRefused, type Resolver } from './endpoint-guard';
import { sendPushRequest } from './push-transport';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (e: unknown) => (e instanceof EndpointRefused ? e.reason : `other: ${(e as Error).message}`),
  );

describe('push endpoint guard', () => {
  it('judges addresses: public yes; private, shared, link-local, metadata, loopback, mapped no', () => {
    for (const a of ['8.8.8.8', '142.250.1.1', '2607:f8b0::1'])
      expect(addressAllowed(a, { allowLoopback: false }), a).toBe(true);
    for (const a of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '127.0.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '::ffff:7f00:1',
      '224.0.0.1',
    ])
      expect(addressAllowed(a, { allowLoopback: false }), a).toBe(false);
    expect(addressAllowed('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(addressAllowed('10.0.0.1', { allowLoopback: true })).toBe(false);
  });

  it('refuses a name that resolves to a private or metadata address (any one of its answers)', async () => {
    const url = 'https://push.example.com/send/abc';
    expect(await reason(checkEndpoint(url, { allowLoopback: false, resolve: resolvesTo('10.0.0.7') }))).toBe(
      'private_address',
    );
    expect(await reason(checkEndpoint(url, { allowLoopback: false, resolve: resolvesTo('169.254.169.254') }))).toBe(
      'private_address',
    );
    expect(
      await reason(checkEndpoint(url, { allowLoopback: false, resolve: resolvesTo('142.250.1.1', '127.0.0.1') })),
    ).toBe('private_address');
    expect(await reason(checkEndpoint(url, { allowLoopback: false, resolve: resolvesTo() }))).toBe('unresolvable');
    const failing: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await reason(checkEndpoint(url, { allowLoopback: false, resolve: failing }))).toBe('unresolvable');
    expect(await reason(checkEndpoint(url, { allowLoopback: false, resolve: resolvesTo('142.250.1.1') }))).toBe(
      'allowed',
    );
    expect(await reason(checkEndpoint('https://localhost/x', { allowLoopback: false }))).toBe('private_address');
    expect(await reason(checkEndpoint('http://127.0.0.1:9/x', { allowLoopback: false }))).toBe('not_https');
    expect(await reason(checkEndpoint('http://127.0.0.1:9/x', { allowLoopback: true }))).toBe('allowed');
  });

  it('checks again at connect time: a name that turned private after the check is never connected to', async () => {
    let calls = 0;
    // The first answer (at subscribe time) is public, the next one (at send time) is loopback.
    const rebinding: Resolver = async () => [{ address: calls++ === 0 ? '142.250.1.1' : '127.0.0.1', family: 4 }];
    const endpoint = 'https://push.rebind.example/send/abc';
    expect(await reason(checkEndpoint(endpoint, { allowLoopback: false, resolve: rebinding }))).toBe('allowed');
    const sent = sendPushRequest(
      { endpoint, headers: { TTL: 60 }, body: Buffer.from('x') },
      { allowLoopback: false, resolve: rebinding, timeoutMs: 2000 },
    );
    expect(await reason(sent)).toBe('private_address');
    expect(calls).toBe(2);
  });
});
