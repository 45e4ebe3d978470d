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
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the server accepted the message; throws DeliveryError otherwise. */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** The bare address of a "Name <addr>" sender. */
export function addressOf(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}
