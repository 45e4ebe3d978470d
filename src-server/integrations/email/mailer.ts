/** The mail port: what the app asks of an email adapter (SMTP, or the development outbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * The same key always yields the same Message-ID (SMTP) or the same stored message (outbox),
   * so a retried send can be recognised downstream.
   */
  idempotencyKey?: string;
  /**
   * This message is `template` with every `standIn` in its text and html replaced by `value`
   * (one render shared by a popular filing's watchers, shared-alert-email.ts). A mailer may build
   * the template's MIME body once and put each recipient's value into it; the filled text and
   * html above stay what the message says (the outbox and any fallback use them).
   */
  sharedBody?: { template: Pick<MailMessage, 'text' | 'html'>; standIn: string; value: string };
}

/** The server took the message: SMTP's 250 reply to the message data (or the outbox row). */
export interface MailAcceptance {
  /** The server's reply, e.g. "250 2.0.0 Ok: queued as 4Bq1xY0Zz3"; its queue id is the relay's handle on the message. */
  response: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Resolves once the server accepted the message; throws DeliveryError otherwise. Acceptance is
   * the last thing SMTP can tell a sender: it is not arrival in the recipient's inbox.
   */
  send(message: MailMessage): Promise<{ messageId: string; accepted: MailAcceptance }>;
}

/** The bare address of a "Name <addr>" sender. */
export function addressOf(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}
