import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { DeliveryError } from '../delivery-error';
import { addressOf, type Mailer } from './mailer';
import { sharedRaw } from './shared-mime';

interface SmtpError extends Error {
  responseCode?: number;
  code?: string;
}

/** The Message-ID a send with this idempotency key carries (the same key, the same id). */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = addressOf(from).split('@')[1] ?? 'localhost';
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}@${domain}>`;
}

/**
 * nodemailer over SMTP. Options ride on the URL (`smtps://` for TLS, `?pool=true` to keep
 * connections open for bulk sending).
 */
export function smtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      const messageId = message.idempotencyKey ? messageIdFor(message.idempotencyKey, options.from) : undefined;
      try {
        const own = {
          from: options.from,
          to: message.to,
          subject: message.subject,
          headers: message.headers,
          messageId,
        };
        // One render's many recipients: the MIME body built once, this recipient's headers over it (decision 331).
        const raw = message.sharedBody ? await sharedRaw(own, message.sharedBody) : null;
        const info = await transport.sendMail(
          raw ? { ...own, raw } : { ...own, text: message.text, html: message.html },
        );
        // nodemailer resolves on the server's reply to the end of DATA: the 250 with its queue id.
        return { messageId: info.messageId, accepted: { response: String(info.response ?? '250').slice(0, 300) } };
      } catch (error) {
        const smtp = error as SmtpError;
        const permanent = (smtp.responseCode ?? 0) >= 500 || smtp.code === 'EENVELOPE';
        throw new DeliveryError(`SMTP send failed: ${smtp.message}`, {
          permanent,
          providerCode: smtp.responseCode ?? smtp.code,
          cause: error,
        });
      }
    },
  };
}
