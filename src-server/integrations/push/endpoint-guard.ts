/**
 * Which push endpoints we will send to (issue #31). A push subscription's endpoint comes from the
 * browser, so from the user: without a check it would make the server POST to any address it can
 * reach (SSRF). Allowed: https URLs on the default port whose host is a name or a public address,
 * and whose name resolves only to public addresses, checked again at connect time (the transport's
 * `lookup`), so a name that changes its answer after the check (DNS rebinding) is refused too.
 * Loopback (and then plain http) only with PUSH_ALLOW_LOOPBACK, which production refuses.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to its addresses (injected in tests so no test needs outside DNS). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface GuardOptions {
  allowLoopback: boolean;
  resolve?: Resolver;
}

export class EndpointRefused extends Error {
  override name = 'EndpointRefused';
  constructor(
    readonly reason: 'not_url' | 'not_https' | 'credentials' | 'port' | 'private_address' | 'unresolvable',
    message: string,
  ) {
    super(message);
  }
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Not routable on the internet: private, shared, link-local (cloud metadata), multicast, reserved, documentation. */
const NON_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC.addSubnet(net, bits, 'ipv6');

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
function unmapped(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1]! : address;
}

export function isLoopback(address: string): boolean {
  const a = unmapped(address);
  return LOOPBACK.check(a, familyOf(a));
}

/** True when a connection to `address` is allowed under `options`. */
export function addressAllowed(address: string, options: Pick<GuardOptions, 'allowLoopback'>): boolean {
  const a = unmapped(address);
  if (isLoopback(a)) return options.allowLoopback;
  return !NON_PUBLIC.check(a, familyOf(a));
}

/** The URL, or why it is refused (syntax, scheme, port, literal address); names are resolved by `checkEndpoint`. */
export function parseEndpoint(raw: string, options: Pick<GuardOptions, 'allowLoopback'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EndpointRefused('not_url', 'The push endpoint is not a URL.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  const loopbackHost = (literal && isLoopback(host)) || host === 'localhost';
  if (url.username || url.password)
    throw new EndpointRefused('credentials', 'The push endpoint must not carry credentials.');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHost && options.allowLoopback))
    throw new EndpointRefused('not_https', 'The push endpoint must be an https URL.');
  if (url.port && !(loopbackHost && options.allowLoopback) && url.port !== '443')
    throw new EndpointRefused('port', 'The push endpoint must use the https port.');
  if (literal && !addressAllowed(host, options))
    throw new EndpointRefused('private_address', 'The push endpoint must be a public address.');
  if (host === 'localhost' && !options.allowLoopback)
    throw new EndpointRefused('private_address', 'The push endpoint must be a public address.');
  return url;
}

/** Parses and resolves: every address the name has must be allowed (one private answer refuses it). */
export async function checkEndpoint(raw: string, options: GuardOptions): Promise<URL> {
  const url = parseEndpoint(raw, options);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return url;
  let addresses: { address: string }[];
  try {
    addresses = await (options.resolve ?? systemResolver)(host);
  } catch {
    throw new EndpointRefused('unresolvable', 'The push endpoint host could not be resolved.');
  }
  if (addresses.length === 0)
    throw new EndpointRefused('unresolvable', 'The push endpoint host could not be resolved.');
  if (addresses.some((a) => !addressAllowed(a.address, options)))
    throw new EndpointRefused('private_address', 'The push endpoint must be a public address.');
  return url;
}
