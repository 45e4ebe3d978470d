/**
 * The VAPID key pair (RFC 8292) push services check our messages against. From the environment
 * when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set, else generated at first start and kept in
 * signing_keys (name 'vapid', first writer wins), so every instance and every restart signs with
 * the same key: browsers bind a subscription to the public key, and a new one would orphan them all.
 *
 * The stored pair is read once per process (per database handle, as the unsubscribe key is), not
 * at every send. Any change to the row (an operator's rotation, a restored backup) raises
 * NOTIFY signing_key_changed (trigger, drizzle/0042), which drops the cached pair in every
 * process; so does each (re)connection of the LISTEN, which may have missed one.
 */
import webpush from 'web-push';
import { CHANNELS, listenTo } from '../../db/channels';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { keptSecret, storedSecret } from '../alerts/unsubscribe.repo';
import { publicUrl } from '../auth/request-info';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const KEY_NAME = 'vapid';

type Pair = { publicKey: string; privateKey: string };

async function storedPair(db: Db): Promise<Pair> {
  // Read first; the insert runs once in the data's life.
  const kept = await storedSecret(db, { name: KEY_NAME });
  if (kept) return JSON.parse(kept) as { publicKey: string; privateKey: string };
  const secret = await keptSecret(db, { name: KEY_NAME, fresh: JSON.stringify(webpush.generateVAPIDKeys()) });
  if (!secret) throw new Error('the VAPID key pair could not be created');
  const pair = JSON.parse(secret) as { publicKey: string; privateKey: string };
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** Who push services may contact about our traffic: VAPID_SUBJECT, else the https site, else the sender address. */
function subjectOf(deps: AppDeps): string {
  if (deps.env.VAPID_SUBJECT) return deps.env.VAPID_SUBJECT;
  const site = publicUrl(deps);
  if (site.startsWith('https://')) return site;
  const address = /<([^>]+)>/.exec(deps.env.MAIL_FROM)?.[1] ?? deps.env.MAIL_FROM;
  return `mailto:${deps.env.SUPPORT_EMAIL ?? address}`;
}

interface KeyCache {
  pair: Promise<Pair> | null;
  /** True once this process hears signing_key_changed (nothing read before can go stale unheard); false if it cannot. */
  listening: Promise<boolean>;
}

const caches = new WeakMap<Db, KeyCache>();

function cacheOf(deps: Pick<AppDeps, 'db' | 'sql'>): KeyCache {
  const known = caches.get(deps.db);
  if (known) return known;
  const cache: KeyCache = { pair: null, listening: Promise.resolve(false) };
  const drop = () => {
    cache.pair = null;
  };
  cache.listening = listenTo(deps.sql, CHANNELS.signingKeyChanged, (name) => name === KEY_NAME && drop(), drop).then(
    () => true,
    () => {
      // Not listening (the connection failed): forget this cache, so the next send tries again.
      if (caches.get(deps.db) === cache) caches.delete(deps.db);
      return false;
    },
  );
  caches.set(deps.db, cache);
  return cache;
}

async function cachedPair(deps: Pick<AppDeps, 'db' | 'sql'>): Promise<Pair> {
  const cache = cacheOf(deps);
  // Without the LISTEN a cached pair could outlive a rotation: read it each time, as before.
  if (!(await cache.listening)) return storedPair(deps.db);
  if (!cache.pair) {
    const reading = storedPair(deps.db);
    cache.pair = reading;
    reading.catch(() => {
      if (cache.pair === reading) cache.pair = null;
    });
  }
  return cache.pair;
}

export async function vapidKeys(deps: AppDeps): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = deps.env;
  if (publicKey && privateKey) return { publicKey, privateKey, subject: subjectOf(deps) };
  return { ...(await cachedPair(deps)), subject: subjectOf(deps) };
}
