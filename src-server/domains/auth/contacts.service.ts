import { AppError } from '#shared/app-error';
import { COPY } from '#shared/copy';
import { isEmail, isUsPhone, normaliseEmail, normalisePhone, sendBudgetKey } from '#shared/phone';
import type { Db } from '../../db/client';
import * as accounts from './account.repo';
import * as links from './login.repo';
import type { Messenger, RequestInfo } from './login.service';
import { deliver, EMAIL_LINK_FAILURES, sendLoginLink } from './login.service';
import { existingAccountEmail, verifyEmailEmail } from './messages';
import { spend } from './rate-limit';
import type { Channel } from './profile.service';
import type { UserRow } from './session.repo';
import { createSession, revokeUserSessions, toUserDto, type SessionMeta, type UserDto } from './session.service';
import { hashToken, newToken } from './tokens';
import {
  addsContact,
  approverOf,
  checkApproval,
  noticeContactAdded,
  requestApproval,
} from './contact-approval.service';
import { SMS } from './contact-messages';
import * as repo from './contacts.repo';
import { isOptedOut } from './opt-out.repo';

export const VERIFY_TTL_SECONDS = 24 * 60 * 60;
type VerificationState = 'verified' | 'sent' | null;

export interface ContactsResult {
  user: UserDto;
  /** Per contact: already verified, a verification just sent, or no such contact. */
  verification: { email: VerificationState; sms: VerificationState };
}

interface SaveParams {
  userId: string;
  /** null or '' clears the contact. */
  email: string | null | undefined;
  phone: string | null | undefined;
  notifyVia?: Channel[];
  /** The code sent to the account's verified contact, when the change adds a contact (contact-approval.service.ts). */
  approvalCode?: string;
  sessionId: string;
  messenger: Messenger;
  request: RequestInfo;
}

function cleanEmail(raw: string | null | undefined): string | null {
  if (!raw?.trim()) return null;
  const email = normaliseEmail(raw);
  if (!isEmail(email))
    throw new AppError('BAD_REQUEST', 'Please enter a valid email address.', { reason: 'invalid_email' });
  return email;
}

function cleanPhone(raw: string | null | undefined): string | null {
  if (!raw?.trim()) return null;
  const phone = normalisePhone(raw);
  if (!isUsPhone(phone)) {
    throw new AppError('BAD_REQUEST', 'Text alerts go to US mobile numbers only (10 digits, e.g. 202 555 0143).', {
      reason: 'unsupported_phone',
    });
  }
  return phone;
}

/**
 * POST /api/notify: stores the contacts and channels, returns a changed contact to unverified
 * (alerts stop until it is confirmed) and sends a verification for every unverified one.
 */
export async function saveContacts(db: Db, params: SaveParams): Promise<ContactsResult> {
  const email = cleanEmail(params.email);
  const phone = cleanPhone(params.phone);
  if (!email && !phone) throw new AppError('BAD_REQUEST', COPY.contactRequired, { reason: 'contact_required' });
  const notifyVia = [
    ...new Set(params.notifyVia ?? [...(email ? ['email' as const] : []), ...(phone ? ['sms' as const] : [])]),
  ];
  if (notifyVia.includes('email') && !email) {
    throw new AppError('BAD_REQUEST', 'Enter an email address to get alerts by email.', { reason: 'email_required' });
  }
  if (notifyVia.includes('sms') && !phone) {
    throw new AppError('BAD_REQUEST', 'Enter a phone number to get alerts by text.', { reason: 'phone_required' });
  }
  if (phone && (await isOptedOut(db, { phone }))) {
    throw new AppError(
      'BAD_REQUEST',
      'This number replied STOP to our texts. Text START to our number to opt back in, then try again.',
      {
        reason: 'sms_opted_out',
      },
    );
  }

  const before = await accounts.findUser(db, { userId: params.userId });
  if (!before) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
  const approver = approverOf(before);
  const approval =
    approver && addsContact(before, { email, phone })
      ? { user: before, approver, change: { email, phone }, ...params }
      : null;
  if (approval && !params.approvalCode) return requestApproval(db, approval);
  if (approval) await checkApproval(db, { ...approval, code: params.approvalCode! });
  const toVerify = [
    ...(email && !(email === before.email && before.emailVerifiedAt) ? [email] : []),
    ...(phone && !(phone === before.phone && before.phoneVerifiedAt) ? [phone] : []),
  ];
  // Budgets are spent before anything changes, so a refused request leaves the contacts as they were.
  if (toVerify.length > 0) await spend(db, { budget: 'contactSendPerUser', key: before.id });
  for (const address of toVerify) await spend(db, { budget: 'contactSendPerAddress', key: sendBudgetKey(address) });

  const user = await db.transaction(async (tx) => {
    const current = await accounts.lockUser(tx, { userId: params.userId });
    if (!current) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
    // A contact change ends the admin area's bearer credentials: they were granted to the account as it was.
    if (email !== current.email || phone !== current.phone)
      await revokeUserSessions(tx, { userId: current.id, kind: 'admin' });
    return accounts.updateUser(tx, {
      userId: current.id,
      values: {
        email,
        phone,
        notifyVia,
        emailVerifiedAt: email === current.email ? current.emailVerifiedAt : null,
        phoneVerifiedAt: phone === current.phone ? current.phoneVerifiedAt : null,
      },
    });
  });
  const verification = {
    email: email ? (user.emailVerifiedAt ? 'verified' : 'sent') : null,
    sms: phone ? (user.phoneVerifiedAt ? 'verified' : 'sent') : null,
  } as const;
  if (approval) await noticeContactAdded(approval);
  if (verification.email === 'sent') await sendEmailVerification(db, { ...params, user, email: email! });
  if (verification.sms === 'sent') await sendSmsVerification(db, { ...params, user, phone: phone! });
  return { user: toUserDto(user), verification };
}

/** POST /api/add-secondary-contact: adds (or replaces) one contact, keeping the other as it is. */
export async function addSecondaryContact(
  db: Db,
  params: Omit<SaveParams, 'email' | 'phone' | 'notifyVia'> & { email?: string; phone?: string },
): Promise<ContactsResult> {
  const current = await accounts.findUser(db, { userId: params.userId });
  if (!current) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
  const channel: Channel = params.email !== undefined ? 'email' : 'sms';
  return saveContacts(db, {
    ...params,
    email: params.email ?? current.email,
    phone: params.phone ?? current.phone,
    notifyVia: [...new Set([...(current.notifyVia as Channel[]), channel])],
  });
}

const sendVia = (send: () => Promise<unknown>) => deliver(send, COPY.contactFailed);

/** A link that confirms the address, or, when another account owns it, a sign-in link instead. */
async function sendEmailVerification(db: Db, params: SaveParams & { user: UserRow; email: string }): Promise<void> {
  const { request, messenger } = params;
  const owner = await accounts.findVerifiedHolder(db, { kind: 'email', value: params.email });
  if (owner && owner.id !== params.user.id) {
    const { email, sessionId } = params;
    return sendLoginLink(db, {
      email,
      sessionId,
      messenger,
      request,
      compose: existingAccountEmail,
      failure: COPY.contactFailed,
    });
  }
  const token = newToken();
  await links.insertEmailToken(db, {
    tokenHash: hashToken(token),
    purpose: 'verify_email',
    email: params.email,
    userId: params.user.id,
    ttlSeconds: VERIFY_TTL_SECONDS,
  });
  const link = `${request.linkBase}/api/verify-email?token=${token}`;
  return sendVia(() =>
    messenger.mailer.send(
      verifyEmailEmail({ to: params.email, brand: request.brand, link, hours: VERIFY_TTL_SECONDS / 3600 }),
    ),
  );
}

async function sendSmsVerification(db: Db, params: SaveParams & { user: UserRow; phone: string }): Promise<void> {
  const { request } = params;
  const owner = await accounts.findVerifiedHolder(db, { kind: 'phone', value: params.phone });
  if (owner && owner.id !== params.user.id) {
    return sendVia(() =>
      params.messenger.sms.send({
        to: params.phone,
        body: SMS.existingAccount(request.brand, `${request.linkBase}/login`),
      }),
    );
  }
  await repo.insertSmsVerification(db, { userId: params.user.id, phone: params.phone, ttlSeconds: VERIFY_TTL_SECONDS });
  return sendVia(() => params.messenger.sms.send({ to: params.phone, body: SMS.verify(request.brand) }));
}

/**
 * POST /api/verify-email (the confirm page's click): confirms the address if it is still the
 * user's and nobody else's. Every session of the user ends, so a token planted in a link before
 * the contact was verified cannot stay signed in to the account; the click gets a fresh token.
 */
export async function verifyEmailLink(
  db: Db,
  params: { token: string } & SessionMeta,
): Promise<{ user: UserDto; token: string }> {
  const outcome = await db.transaction(async (tx) => {
    const consumed = await links.consumeEmailToken(tx, { tokenHash: hashToken(params.token), purpose: 'verify_email' });
    if (!consumed.token) return { error: EMAIL_LINK_FAILURES[consumed.why], reason: `link_${consumed.why}` };
    const { email, userId } = consumed.token;
    const user = userId ? await accounts.lockUser(tx, { userId }) : undefined;
    if (!user || user.email !== email) {
      return { error: 'This link is for an email address that is no longer on your account.', reason: 'link_stale' };
    }
    const owner = await accounts.findVerifiedHolder(tx, { kind: 'email', value: email, lock: true });
    if (owner && owner.id !== user.id) {
      return {
        error: 'This email address already belongs to another account. Sign in with it instead.',
        reason: 'email_taken',
      };
    }
    const verified = await accounts.setVerifiedContact(tx, {
      userId: user.id,
      kind: 'email',
      value: email,
      login: false,
    });
    await revokeUserSessions(tx, { userId: user.id });
    const { token } = await createSession(tx, { userId: user.id, ip: params.ip, userAgent: params.userAgent });
    return { user: verified, token };
  });
  if ('user' in outcome && outcome.user) return { user: toUserDto(outcome.user), token: outcome.token };
  throw new AppError('BAD_REQUEST', outcome.error!, { reason: outcome.reason });
}
