/** The SMS port: what the app asks of a text adapter (Twilio, or the development outbox). */
export interface SmsMessage {
  /** E.164, US only (+1XXXXXXXXXX). */
  to: string;
  body: string;
  /**
   * Stored with the outbox message (a repeat returns the first). Twilio's Messages API has no
   * idempotency key, so with Twilio a caller must not resend a message it may have sent.
   */
  idempotencyKey?: string;
  /**
   * Twilio's StatusCallback: the public URL Twilio posts each status change of this message to
   * (sent, delivered, undelivered, failed), signed with X-Twilio-Signature. No secrets in it.
   */
  statusCallback?: string;
}

export interface SmsSender {
  readonly kind: 'twilio' | 'outbox';
  /** Resolves with the provider's message SID once accepted; throws DeliveryError otherwise. */
  send(message: SmsMessage): Promise<{ sid: string }>;
}

/** The process's SMS sender (deps.sms: the adapter within SMS_HOURLY_BUDGET, built at the composition root). */
export const smsFor = (deps: { sms: SmsSender }): SmsSender => deps.sms;
