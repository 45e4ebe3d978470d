import { AppError } from '#shared/app-error';
import type { BrandId } from '#shared/brands';
import { COPY } from '#shared/copy';
import { maskEmail } from '#shared/mask';
import { identifierKind, isEmail, isUsPhone, normaliseEmail, normalisePhone, sendBudgetKey } from '#shared/phone';
import type { Db } from '../../db/client';
import type { Mailer, MailMessage } from '../../integrations/email/mailer';
import type { SmsSender } from '../../integrations/sms/sms-sender';
import { isOptedOut } from './opt-out.repo';
import * as codes from './login.repo';
import { loginCodeSms, loginLinkEmail } from './messages';
import { spend } from './rate-limit';
import { inSignInTransaction, signIn, type Contact, type SignInResult } from './sign-in';
import type { SessionMeta } from './session.service';
import { hashLoginCode, hashToken, newLoginCode, newToken, safeEqualHex } from './tokens';

export const CODE_TTL_SECONDS = 10 * 60;
export const LINK_TTL_SECONDS = 15 * 60;
export const MAX_CODE_ATTEMPTS = 5;

export interface Messenger {
  mailer: Mailer;
  sms: SmsSender;
}

/** Where the request came from: for links, limits, new sessions. */
export interface RequestInfo extends SessionMeta {
  brand: BrandId;
  /** Origin for links in messages (PUBLIC_URL or the brand host the caller used). */
  linkBase: string;
}

/** The spec's identifier rule: with @ an email, otherwise a phone (US only for SMS). */
export function parseIdentifier(raw: string): Contact {
  const trimmed = raw.trim();
  if (!trimmed) throw new AppError('BAD_REQUEST', COPY.contactRequired, { reason: 'identifier_required' });
  if (identifierKind(trimmed) === 'email') {
    const email = normaliseEmail(trimmed);
    if (!isEmail(email))
      throw new AppError('BAD_REQUEST', 'Please enter a valid email address.', { reason: 'invalid_email' });
    return { kind: 'email', value: email };
  }
  const phone = normalisePhone(trimmed);
  if (!isUsPhone(phone)) {
    throw new AppError(
      'BAD_REQUEST',
      'Text messages go to US mobile numbers only (10 digits, e.g. 202 555 0143). Use your email instead.',
      {
        reason: 'unsupported_phone',
      },
    );
  }
  return { kind: 'phone', value: phone };
}

/** A provider failure becomes a 503 that names what failed (the person sees a generic retry text). */
export async function deliver(send: () => Promise<unknown>, failure: string = COPY.loginSendFailed): Promise<void> {
  try {
    await send();
  } catch (error) {
    throw new AppError('UNAVAILABLE', failure, { reason: 'send_failed', cause: error });
  }
}

/**
 * Sends a sign-in link (email) or code (SMS). The answer never depends on whether an account
 * exists: unknown contacts get the same message, and the account is created on verification.
 */
export async function requestLogin(
  db: Db,
  params: { identifier: string; sessionId: string | null; messenger: Messenger; request: RequestInfo },
): Promise<{ method: 'email' | 'sms' }> {
  const contact = parseIdentifier(params.identifier);
  const { request } = params;
  await spend(db, { budget: 'loginSendPerIp', key: request.ip ?? 'unknown' });
  await spend(db, { budget: 'loginSendPerIdentifier', key: sendBudgetKey(contact.value) });

  if (contact.kind === 'email') {
    await sendLoginLink(db, {
      email: contact.value,
      sessionId: params.sessionId,
      messenger: params.messenger,
      request,
      compose: loginLinkEmail,
    });
    return { method: 'email' };
  }

  if (await isOptedOut(db, { phone: contact.value })) {
    throw new AppError(
      'BAD_REQUEST',
      'This number has opted out of our texts (STOP). Text START to our number to opt back in, or sign in with your email.',
      {
        reason: 'sms_opted_out',
      },
    );
  }
  const code = newLoginCode();
  await codes.replaceLoginCode(db, {
    identifier: contact.value,
    codeHash: hashLoginCode(contact.value, code),
    ttlSeconds: CODE_TTL_SECONDS,
    ip: request.ip ?? null,
  });
  await deliver(() =>
    params.messenger.sms.send({
      to: contact.value,
      body: loginCodeSms({ brand: request.brand, code, minutes: CODE_TTL_SECONDS / 60 }),
    }),
  );
  return { method: 'sms' };
}

/**
 * Stores a single-use sign-in link for the address and mails it; `sessionId` records which
 * session asked (audit only: following the link merges the confirming browser's data, not this).
 */
export async function sendLoginLink(
  db: Db,
  params: {
    email: string;
    sessionId: string | null;
    messenger: Messenger;
    request: RequestInfo;
    compose: (p: { to: string; brand: BrandId; link: string; minutes: number }) => MailMessage;
    failure?: string;
  },
): Promise<void> {
  const token = newToken();
  await codes.insertEmailToken(db, {
    tokenHash: hashToken(token),
    purpose: 'login',
    email: params.email,
    sessionId: params.sessionId,
    ttlSeconds: LINK_TTL_SECONDS,
  });
  const link = `${params.request.linkBase}/api/verify-login?token=${token}`;
  const message = params.compose({
    to: params.email,
    brand: params.request.brand,
    link,
    minutes: LINK_TTL_SECONDS / 60,
  });
  await deliver(() => params.messenger.mailer.send(message), params.failure);
}

type CodeOutcome =
  | { ok: true; result: SignInResult }
  | { ok: false; reason: 'invalid_code' | 'code_expired' | 'too_many_attempts'; attemptsLeft?: number };

const CODE_FAILURES = {
  invalid_code: COPY.loginInvalidCode,
  code_expired: 'This code has expired or was already used. Please request a new code.',
  too_many_attempts: 'Too many wrong codes. This code no longer works; please request a new one.',
} as const;

/**
 * Checks a 6-digit code against the newest code sent to the identifier. A wrong guess is
 * counted even though the request fails (its own committed transaction); the fifth kills it.
 */
export async function verifyLoginCode(
  db: Db,
  params: { identifier: string; code: string; presentedSessionIds: string[]; request: RequestInfo },
): Promise<SignInResult> {
  const contact = parseIdentifier(params.identifier);
  await spend(db, { budget: 'loginVerifyPerIp', key: params.request.ip ?? 'unknown' });
  if (contact.kind !== 'phone') {
    throw new AppError('BAD_REQUEST', 'Codes are sent by text. For email, open the link we sent you.', {
      reason: 'invalid_code',
    });
  }

  const outcome = await inSignInTransaction<CodeOutcome>(db, async (tx) => {
    const latest = await codes.lockLatestLoginCode(tx, { identifier: contact.value });
    if (!latest) return { ok: false, reason: 'invalid_code' };
    if (latest.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: 'too_many_attempts' };
    if (latest.consumedAt || latest.expired) return { ok: false, reason: 'code_expired' };
    if (!safeEqualHex(latest.codeHash, hashLoginCode(contact.value, params.code))) {
      const attempts = await codes.recordWrongAttempt(tx, { id: latest.id, maxAttempts: MAX_CODE_ATTEMPTS });
      return { ok: false, reason: 'invalid_code', attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - attempts) };
    }
    await codes.consumeLoginCode(tx, { id: latest.id });
    const result = await signIn(tx, { contact, presentedSessionIds: params.presentedSessionIds, ...params.request });
    return { ok: true, result };
  });
  if (outcome.ok) return outcome.result;
  throw new AppError('BAD_REQUEST', CODE_FAILURES[outcome.reason], {
    reason: outcome.reason,
    details: outcome.attemptsLeft === undefined ? undefined : { attemptsLeft: outcome.attemptsLeft },
  });
}

const LINK_FAILURES = {
  unknown: 'This sign-in link is not valid. Please request a new one.',
  used: 'This sign-in link was already used. Please request a new one.',
  expired: 'This sign-in link has expired. Please request a new one.',
} as const;

/**
 * What an emailed link would do, without using it: the page a link lands on shows the masked
 * address and asks for a click (a same-origin POST). A mail scanner's GET changes nothing.
 */
export async function previewEmailLink(
  db: Db,
  params: { token: string; purpose: 'login' | 'verify_email' },
): Promise<{ purpose: 'login' | 'verify_email'; account: string }> {
  const peeked = await codes.peekEmailToken(db, { tokenHash: hashToken(params.token), purpose: params.purpose });
  if (!peeked.token) {
    const messages = params.purpose === 'login' ? LINK_FAILURES : EMAIL_LINK_FAILURES;
    throw new AppError('BAD_REQUEST', messages[peeked.why], { reason: `link_${peeked.why}` });
  }
  return { purpose: params.purpose, account: maskEmail(peeked.token.email) };
}

export const EMAIL_LINK_FAILURES = {
  unknown: 'This confirmation link is not valid.',
  used: 'This confirmation link was already used.',
  expired: 'This confirmation link has expired. Open the app and choose Verify Now to get a new one.',
} as const;

/**
 * Follows an emailed link: single use, 15 minutes. Only the confirming browser's own visitor data
 * merges: the session that asked for the link may be an attacker's, who asked for the victim's
 * address from a browser holding a crafted watchlist.
 */
export async function verifyLoginLink(
  db: Db,
  params: { token: string; presentedSessionIds: string[]; request: RequestInfo },
): Promise<SignInResult> {
  const outcome = await inSignInTransaction(db, async (tx) => {
    const consumed = await codes.consumeEmailToken(tx, { tokenHash: hashToken(params.token), purpose: 'login' });
    if (!consumed.token) return { ok: false as const, why: consumed.why };
    const result = await signIn(tx, {
      contact: { kind: 'email', value: consumed.token.email },
      presentedSessionIds: params.presentedSessionIds,
      ...params.request,
    });
    return { ok: true as const, result };
  });
  if (outcome.ok) return outcome.result;
  throw new AppError('BAD_REQUEST', LINK_FAILURES[outcome.why], { reason: `link_${outcome.why}` });
}
