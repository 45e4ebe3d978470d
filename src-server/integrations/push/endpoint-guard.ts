/**
 * Which push endpoints we will send to (issue #31). A push subscription's endpoint comes from the
 * browser, so from the user: without a check it would make the server POST to any address it can
 * reach (SSRF). Allowed: https URLs on the default port whose host is a name or a public address,
 * and whose name resolves only to public addresses, checked again at connect time (the transport's
 * `lookup`), so a name that changes its answer after the check (DNS rebinding) is refused too.
 * Which addresses are public is the outbound address policy the webhooks use (address-policy.ts).
 * Loopback (and then plain http) only with PUSH_ALLOW_LOOPBACK, which production refuses.
 */
import { isIP } from 'node:net';
import { checkHost, type HostResolver, KIND_WORDS, type RefusedKind, refusedKind } from '../address-policy';

/** Resolves a host name to its addresses (injected in tests so no test needs outside DNS). */
export type Resolver = HostResolver;

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

export function isLoopback(address: string): boolean {
  return refusedKind(address, { allowLoopback: false }) === 'loopback';
}

/** True when a connection to `address` is allowed under `options`: the webhooks' policy, one for both. */
export function addressAllowed(address: string, options: Pick<GuardOptions, 'allowLoopback'>): boolean {
  return refusedKind(address, options) === null;
}

/** The refusal for a non-public address, saying which kind but never the address (it may be a name's answer). */
function notPublic(kind: RefusedKind): EndpointRefused {
  return new EndpointRefused(
    'private_address',
    `The push endpoint must be a public address (it is ${KIND_WORDS[kind]}).`,
  );
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
  const kind = literal ? refusedKind(host, options) : null;
  if (kind) throw notPublic(kind);
  if (host === 'localhost' && !options.allowLoopback)
    throw new EndpointRefused('private_address', 'The push endpoint must be a public address.');
  return url;
}

/** Parses and resolves: every address the name has must be allowed (one private answer refuses it). */
export async function checkEndpoint(raw: string, options: GuardOptions): Promise<URL> {
  const url = parseEndpoint(raw, options);
  const checked = await checkHost(url.hostname.replace(/^\[|\]$/g, ''), options);
  if (!('refused' in checked)) return url;
  if (checked.refused === 'lookup_failed' || checked.refused === 'no_address')
    throw new EndpointRefused('unresolvable', 'The push endpoint host could not be resolved.');
  throw notPublic(checked.refused);
}
