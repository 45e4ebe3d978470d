import { normalisePhone } from '#shared/phone';
import type { Db } from '../../db/client';
import * as accounts from './account.repo';
import type { UserRow } from './session.repo';
import { revokeUserSessions } from './session.service';
import { SMS } from './contact-messages';
import * as repo from './contacts.repo';
import { optIn, optOut } from './opt-out.repo';

/** The carrier-standard keywords (CTIA); the whole message is the keyword. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

function keywordOf(body: string): string {
  return body
    .trim()
    .toUpperCase()
    .replace(/[\s.!]+$/, '');
}

/**
 * Confirms the number for the one user waiting on it, unless another account owns it. When two
 * accounts wait on the number a YES cannot say whose it is (someone may have typed this number
 * right after its owner, to capture the reply): both requests lapse and the reply explains.
 * Every session of the user ends (revokeUserSessions): a token planted before the number was
 * verified must not stay signed in to the account it becomes.
 */
async function confirm(db: Db, phone: string): Promise<string> {
  return db.transaction(async (tx) => {
    await optIn(tx, { phone });
    const pending = await repo.lockPendingSmsVerifications(tx, { phone });
    const owner = await accounts.findVerifiedHolder(tx, { kind: 'phone', value: phone, lock: true });
    const waiting = [...new Map(pending.map((p) => [p.user.id, p.user])).values()];
    if (waiting.length === 0) return owner ? SMS.alreadyVerified(owner.brand) : SMS.nothingPending;
    await repo.consumeSmsVerifications(tx, { phone });
    if (waiting.length > 1) return SMS.twoAccountsWaiting;
    const [user] = waiting as [UserRow];
    if (owner && owner.id !== user.id) return SMS.takenByOther(user.brand);
    await accounts.setVerifiedContact(tx, { userId: user.id, kind: 'phone', value: phone, login: false });
    await revokeUserSessions(tx, { userId: user.id });
    return SMS.verified(user.brand);
  });
}

/**
 * An inbound text (Twilio webhook, or the dev outbox's reply form). YES verifies, the STOP
 * family opts the number out of every SMS at once, START/UNSTOP opt back in, HELP explains.
 * Returns the reply to send back.
 */
export async function handleInboundSms(
  db: Db,
  params: { from: string; body: string; supportEmail: string },
): Promise<string> {
  const phone = normalisePhone(params.from);
  const keyword = keywordOf(params.body);
  if (keyword === 'YES' || keyword === 'Y') return confirm(db, phone);
  const brand = (await repo.findUserByPhone(db, { phone }))?.brand ?? null;
  if (STOP_WORDS.has(keyword)) {
    await optOut(db, { phone, keyword });
    return SMS.stopped(brand);
  }
  if (START_WORDS.has(keyword)) {
    await optIn(db, { phone });
    return SMS.started(brand);
  }
  if (HELP_WORDS.has(keyword)) return SMS.help(brand, params.supportEmail);
  return SMS.unknown(brand);
}
