import { z } from 'zod';
import { adminRow, pageQuery, pageResponse } from './admin-rest';

const userItem = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  verified: z.boolean(),
  isAdmin: z.boolean(),
  plan: z.string(),
  compProUntil: z.string().nullable(),
  alertsPaused: z.boolean(),
  brand: z.string(),
  tickers: z.number(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
const changed = z.object({ userId: z.string(), limit: z.number(), isPro: z.boolean() });
const detail = z.looseObject({
  id: z.string(),
  plan: z.looseObject({
    planType: z.string(),
    billingStatus: z.string(),
    stripeCustomerId: z.string().nullable(),
    stripeCustomerUrl: z.string().nullable(),
    compProUntil: z.string().nullable(),
    addonPacks: z.number(),
  }),
  limit: z.object({ effective: z.number(), override: z.number().nullable(), used: z.number() }),
  alertsPausedAt: z.string().nullable(),
  contacts: z.looseObject({ email: z.string().nullable(), phone: z.string().nullable() }),
  sessions: z.array(z.looseObject({ id: z.string(), kind: z.string(), live: z.boolean() })),
  watchlist: z.array(z.looseObject({ ticker: z.string(), paused: z.boolean() })),
  alerts: z.array(
    z.looseObject({ id: z.number(), channel: z.string(), status: z.string(), receipt: z.looseObject({}) }),
  ),
});

export const usersRest = [
  adminRow({
    procedure: 'admin.users.search',
    method: 'GET',
    summary: 'Find accounts by email (part), phone, id or a watched ticker (q); newest first',
    query: z.object({ ...pageQuery, q: z.string().max(200).optional() }),
    response: pageResponse(userItem),
  }),
  adminRow({
    procedure: 'admin.users.get',
    method: 'GET',
    summary:
      'One account: plan and billing (Stripe customer link), limit, contacts, sessions, watchlist, alerts with receipts (userId)',
    query: z.object({ userId: z.string().max(40) }),
    response: detail,
    errors: [400, 401, 403, 404],
  }),
  adminRow({
    procedure: 'admin.users.setLimitOverride',
    method: 'POST',
    summary: 'Set (number) or clear (null) the ticker-limit override (body: userId, limit, reason?)',
    response: changed,
    errors: [400, 401, 403, 404],
  }),
  adminRow({
    procedure: 'admin.users.compPro',
    method: 'POST',
    summary: 'PRO without Stripe until a date, or null to end it (body: userId, until, reason?)',
    response: changed,
    errors: [400, 401, 403, 404],
  }),
  adminRow({
    procedure: 'admin.users.setAlertsPaused',
    method: 'POST',
    summary: 'Pause or resume new alerts (body: userId, paused, reason?)',
    response: changed,
    errors: [400, 401, 403, 404],
  }),
  adminRow({
    procedure: 'admin.users.revokeSessions',
    method: 'POST',
    summary: 'Sign the user out everywhere, or end one session (body: userId, sessionId?, reason?)',
    response: z.object({ revoked: z.number() }),
    errors: [400, 401, 403, 404],
  }),
  adminRow({
    procedure: 'admin.users.delete',
    method: 'POST',
    summary: 'Delete the account; a live Stripe subscription is canceled first (body: userId, reason required)',
    response: z.object({ deleted: z.literal(true) }),
    errors: [400, 401, 403, 404, 409],
  }),
];
