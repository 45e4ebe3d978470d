/**
 * The VAPID key pair (RFC 8292) push services check our messages against. From the environment
 * when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set, else generated at first start and kept in
 * signing_keys (name 'vapid', first writer wins), so every instance and every restart signs with
 * the same key: browsers bind a subscription to the public key, and a new one would orphan them all.
 */
import webpush from 'web-push';
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

async function storedPair(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  // Read first (a primary key lookup per send); the insert runs once in the data's life.
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

export async function vapidKeys(deps: AppDeps): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = deps.env;
  if (publicKey && privateKey) return { publicKey, privateKey, subject: subjectOf(deps) };
  return { ...(await storedPair(deps.db)), subject: subjectOf(deps) };
}
