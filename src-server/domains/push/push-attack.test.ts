/**
 * Push subscriptions as an SSRF attacker would write them (review of issue #31): an endpoint that
 * is, or whose name resolves to, an internal address written in any of IPv6's disguises (Teredo,
 * 6to4, IPv4-mapped/-compatible/-translated, NAT64, site-local ...) is refused with a 400 naming
 * the reason, and nothing is stored. Loopback is not allowed here (no PUSH_ALLOW_LOOPBACK). Names
 * resolve through an injected resolver; no packet leaves the machine (subscribe does not connect).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HostResolver } from '../../integrations/address-policy';
import { checkEndpoint, EndpointRefused } from '../../integrations/push/endpoint-guard';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';

/** Internal addresses in their IPv6 disguises, and the IPv4 forms the old guard already knew. */
const INTERNAL = [
  '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo (2001::/32)
  '2002:c0a8:101::1', // 6to4 of 192.168.1.1
  '2002:7f00:1::1', // 6to4 of 127.0.0.1
  '2002:a9fe:a9fe::1', // 6to4 of the metadata service
  '::ffff:a00:1', // IPv4-mapped 10.0.0.1
  '::a00:1', // IPv4-compatible 10.0.0.1
  '::ffff:0:a00:1', // IPv4-translated (SIIT) 10.0.0.1
  '64:ff9b::a9fe:a9fe', // NAT64 well-known prefix, metadata
  '64:ff9b:1::a00:1', // local-use NAT64
  'fec0::1', // site-local
  'fd00:ec2::254', // cloud metadata (IPv6)
  '2001:2::1', // benchmarking
  '5f00::1', // SRv6 SIDs
  '3fff::1', // documentation (new)
  '192.88.99.1', // 6to4 relay anycast
  '10.0.0.5',
  '169.254.169.254',
];

const DNS: Record<string, string[]> = {
  'push.public.test': ['142.250.1.1'],
  ...Object.fromEntries(INTERNAL.map((address, i) => [`internal-${i}.test`, [address]])),
  'mixed.test': ['142.250.1.1', '2002:c0a8:101::1'],
};
const resolver: HostResolver = async (host) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const t = await startTestApp({ customise: (base) => ({ ...base, hostResolver: resolver }) });
const db = t.database.db;

/** A browser's subscription keys: a P-256 public point and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

async function attacker(email: string) {
  const { user, session } = await createSignedInUser(db, { email, planType: 'pro', planStatus: 'active' });
  const api = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${t.url}/trpc`, headers: () => ({ 'x-session': session }) })],
  });
  const stored = async () =>
    (await db.execute(sql`select 1 from push_subscriptions where user_id = ${user.id}`)).length;
  return { api, stored };
}

const bracketed = (address: string) => (address.includes(':') ? `[${address}]` : address);

describe('push endpoints go through the outbound address policy', () => {
  it('refuses a literal internal address in every IPv6 disguise with a 400, storing nothing', async () => {
    const { api, stored } = await attacker('literal-ssrf@example.com');
    for (const address of INTERNAL) {
      const endpoint = `https://${bracketed(address)}/push/x`;
      await expect(api.push.subscribe.mutate({ endpoint, keys: browserKeys() }), endpoint).rejects.toMatchObject({
        data: { httpStatus: 400, reason: 'push_endpoint_private_address' },
        message: expect.stringMatching(/^The push endpoint must be a public address/),
      });
    }
    expect(await stored()).toBe(0);
  });

  it('the guard itself refuses each form, written literally or resolved from a name', async () => {
    const strict = { allowLoopback: false, resolve: resolver };
    const reason = (raw: string) =>
      checkEndpoint(raw, strict).then(
        () => 'allowed',
        (e: unknown) => (e instanceof EndpointRefused ? e.reason : String(e)),
      );
    for (const [i, address] of INTERNAL.entries()) {
      expect(await reason(`https://${bracketed(address)}/x`), address).toBe('private_address');
      expect(await reason(`https://internal-${i}.test/x`), address).toBe('private_address');
    }
    expect(await reason('https://push.public.test/x')).toBe('allowed');
  });

  it('refuses a name resolving to any of them (one internal answer among public ones is enough)', async () => {
    const { api, stored } = await attacker('named-ssrf@example.com');
    for (const host of [...INTERNAL.map((_, i) => `internal-${i}.test`), 'mixed.test']) {
      const endpoint = `https://${host}/push/x`;
      const error = await api.push.subscribe.mutate({ endpoint, keys: browserKeys() }).catch((e: unknown) => e);
      expect(error, host).toMatchObject({ data: { httpStatus: 400, reason: 'push_endpoint_private_address' } });
      // The refusal does not map our network: the address the name resolved to is not named.
      expect(JSON.stringify(error), host).not.toContain(DNS[host]!.at(-1)!);
    }
    expect(await stored()).toBe(0);
    // The same account with a public push service is saved: the refusals above are the policy's.
    await api.push.subscribe.mutate({ endpoint: 'https://push.public.test/push/ok', keys: browserKeys() });
    expect(await stored()).toBe(1);
  });
});
