/**
 * One-click unsubscribe (RFC 8058) without signing in: the link carries the user id and channel
 * signed with a server key, so it cannot be forged for someone else and never expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import { channelState, signingKey, turnOff, type UnsubscribeChannel } from './unsubscribe.repo';

const KEY_NAME = 'unsubscribe';
const keys = new WeakMap<Db, Promise<Buffer>>();

function keyFor(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = signingKey(db, { name: KEY_NAME });
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, userId: string, channel: string) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${channel}`).digest('base64url').slice(0, 32);

export async function unsubscribeToken(
  db: Db,
  { userId, channel }: { userId: string; channel: UnsubscribeChannel },
): Promise<string> {
  return `${userId}.${channel}.${sign(await keyFor(db), userId, channel)}`;
}

const tokenShape = z.tuple([z.uuid(), z.enum(['email', 'sms', 'digest']), z.string().regex(/^[\w-]{32}$/)]);

async function readToken(db: Db, token: string): Promise<{ userId: string; channel: UnsubscribeChannel }> {
  const parsed = tokenShape.safeParse(token.split('.'));
  const invalid = new AppError(
    'BAD_REQUEST',
    'This unsubscribe link is not valid. Copy the whole link from the email, or change alerts in Settings.',
    {
      reason: 'invalid_unsubscribe_link',
    },
  );
  if (!parsed.success) throw invalid;
  const [userId, channel, signature] = parsed.data;
  const expected = Buffer.from(sign(await keyFor(db), userId, channel));
  if (!timingSafeEqual(expected, Buffer.from(signature))) throw invalid;
  return { userId, channel };
}

export interface UnsubscribeView {
  channel: UnsubscribeChannel;
  /** The address the channel goes to, partly hidden. */
  contact: string | null;
  subscribed: boolean;
}

function mask(value: string | null): string | null {
  if (!value) return null;
  if (value.includes('@')) {
    const [local, domain] = value.split('@');
    return `${local!.slice(0, 2)}***@${domain}`;
  }
  return `***${value.slice(-4)}`;
}

async function view(db: Db, userId: string, channel: UnsubscribeChannel): Promise<UnsubscribeView> {
  const state = await channelState(db, { userId, channel });
  if (!state)
    throw new AppError('NOT_FOUND', 'This account no longer exists, so there is nothing to unsubscribe from.', {
      reason: 'account_not_found',
    });
  return { channel, contact: mask(channel === 'sms' ? state.phone : state.email), subscribed: state.on };
}

/** What the link would turn off (the confirmation page). */
export async function describeUnsubscribe(db: Db, { token }: { token: string }): Promise<UnsubscribeView> {
  const { userId, channel } = await readToken(db, token);
  return view(db, userId, channel);
}

/** Turns the link's channel off; repeating it changes nothing. */
export async function unsubscribe(db: Db, { token }: { token: string }): Promise<UnsubscribeView> {
  const { userId, channel } = await readToken(db, token);
  const before = await view(db, userId, channel);
  if (before.subscribed) await turnOff(db, { userId, channel });
  return { ...before, subscribed: false };
}
