import { normalisePhone } from '../../core/phone';
import type { Db } from '../../db/client';
import * as accounts from '../auth/account.repo';
import { SMS } from './contact-messages';
import * as repo from './contacts.repo';
import { optIn, optOut } from './opt-out.repo';

/** The carrier-standard keywords (CTIA); the whole message is the keyword. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

function keywordOf(body: string): string {
  return body.trim().toUpperCase().replace(/[\s.!]+$/, '');
}

/** Confirms the number for the user who most recently asked, unless another account owns it. */
async function confirm(db: Db, phone: string): Promise<string> {
  return db.transaction(async (tx) => {
    await optIn(tx, { phone });
    const pending = await repo.lockPendingSmsVerification(tx, { phone });
    const owner = await accounts.findVerifiedHolder(tx, { kind: 'phone', value: phone, lock: true });
    if (!pending) return owner ? SMS.alreadyVerified(owner.brand) : SMS.nothingPending;
    await repo.consumeSmsVerifications(tx, { phone });
    if (owner && owner.id !== pending.user.id) return SMS.takenByOther(pending.user.brand);
    await accounts.setVerifiedContact(tx, { userId: pending.user.id, kind: 'phone', value: phone, login: false });
    return SMS.verified(pending.user.brand);
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
