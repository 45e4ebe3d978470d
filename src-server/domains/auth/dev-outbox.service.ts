/** The development outbox (no SMTP_URL / Twilio): what was sent, and replying to a text as its phone. */
import type { Db } from '../../db/client';
import { insertOutboxMessage, listOutbox, type OutboxRow } from '../../integrations/outbox/outbox.repo';
import { handleInboundSms } from './inbound-sms.service';

export type { OutboxRow };

export function listDevOutbox(db: Db, params: { limit: number }): Promise<OutboxRow[]> {
  return listOutbox(db, params);
}

/** Handles the text as if the phone had sent it (YES, STOP, HELP...) and files the answer in the outbox. */
export async function replyAsPhone(
  db: Db,
  params: { from: string; body: string; supportEmail: string },
): Promise<void> {
  const answer = await handleInboundSms(db, params);
  await insertOutboxMessage(db, { message: { channel: 'sms', to: params.from, from: 'dev-outbox', body: answer } });
}
