/**
 * Where the server may connect when a user chose the host (issue #31, decision 312): outbound
 * webhooks and web push endpoints, one policy for both. Public unicast addresses only. Loopback,
 * private, shared (CGNAT), link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254),
 * multicast, reserved and unspecified ranges are refused, IPv4 written inside IPv6 (mapped,
 * compatible, NAT64, 6to4) by the IPv4 it carries. Loopback is allowed only with the caller's
 * test flag (WEBHOOKS_ALLOW_LOOPBACK, PUSH_ALLOW_LOOPBACK; refused at start in production).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';

/** Resolves a host name to its addresses (tests inject one; production uses the system resolver). */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const V4_REFUSED: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const V6_REFUSED: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'reserved'],
  // IPv4-translated (SIIT) and local-use NAT64 can reach an internal IPv4 through a translator (review 31).
  ['::ffff:0:0:0', 96, 'reserved'],
  ['64:ff9b:1::', 48, 'private'],
  // The IETF special-purpose block: Teredo (carries an IPv4), benchmarking, ORCHID, AS112, ...
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['3fff::', 20, 'reserved'],
  ['5f00::', 16, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
];
/** Metadata services named on their own, so a refusal says what it protected. */
const METADATA = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254']);

const lists = new Map<string, BlockList>();
for (const [net, prefix, kind] of V4_REFUSED) {
  const list = lists.get(kind) ?? new BlockList();
  list.addSubnet(net, prefix, 'ipv4');
  lists.set(kind, list);
}
for (const [net, prefix, kind] of V6_REFUSED) {
  const list = lists.get(kind) ?? new BlockList();
  list.addSubnet(net, prefix, 'ipv6');
  lists.set(kind, list);
}

export type RefusedKind = 'loopback' | 'private' | 'link-local' | 'metadata' | 'multicast' | 'reserved' | 'unspecified';

/** A refused kind in words, for a message that must not name the address itself (review 31). */
export const KIND_WORDS: Record<RefusedKind, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  unspecified: 'an unspecified address',
};

function hex4(a: number, b: number): string {
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** The IPv4 address an IPv6 one carries (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::/96, 2002::/16), if any. */
export function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1]!;
  const groups = expandIPv6(lower);
  if (!groups) return null;
  const isZero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (
    isZero(0, 5) &&
    (groups[5] === 0xffff || groups[5] === 0) &&
    !(groups[5] === 0 && isZero(6, 7) && groups[7]! <= 1)
  ) {
    return hex4(groups[6]!, groups[7]!);
  }
  if (groups[0] === 0x64 && groups[1] === 0xff9b && isZero(2, 6)) return hex4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return hex4(groups[1]!, groups[2]!);
  return null;
}

/** Eight 16-bit groups of an IPv6 address (no dotted tail), or null. */
function expandIPv6(address: string): number[] | null {
  if (!isIPv6(address) || address.includes('.')) return null;
  const [head, tail] = address.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<number>(zeros).fill(0), ...right];
}

/** Why an address may not be connected to, or null when it may. */
export function refusedKind(address: string, options: { allowLoopback: boolean }): RefusedKind | null {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const v4 = isIPv4(bare) ? bare : isIPv6(bare) ? embeddedIPv4(bare) : null;
  if (v4 === null && !isIPv6(bare)) return 'reserved';
  const [checked, family] = v4 !== null ? [v4, 'ipv4' as const] : [bare.toLowerCase(), 'ipv6' as const];
  if (METADATA.has(checked)) return 'metadata';
  for (const [kind, list] of lists) {
    if (list.check(checked, family)) {
      if (kind === 'loopback' && options.allowLoopback) return null;
      return kind as RefusedKind;
    }
  }
  return null;
}

export interface HostPolicy {
  allowLoopback: boolean;
  resolve?: HostResolver;
}

/**
 * A host's addresses when every one may be connected to (a literal address is its own answer; one
 * refused answer among public ones refuses the host), else why not: the lookup failed, it gave no
 * address, or the first refused address's kind. Callers word the refusal (never naming the address).
 */
export async function checkHost(
  host: string,
  policy: HostPolicy,
): Promise<
  { addresses: { address: string; family: number }[] } | { refused: 'lookup_failed' | 'no_address' | RefusedKind }
> {
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch {
      return { refused: 'lookup_failed' };
    }
  }
  if (addresses.length === 0) return { refused: 'no_address' };
  for (const { address } of addresses) {
    const kind = refusedKind(address, policy);
    if (kind) return { refused: kind };
  }
  return { addresses };
}
