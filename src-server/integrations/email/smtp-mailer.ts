import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { DeliveryError } from '../delivery-error';
import { addressOf, type Mailer } from './mailer';

interface SmtpError extends Error {
  responseCode?: number;
  code?: string;
}

/**
 * nodemailer over SMTP. Options ride on the URL (`smtps://` for TLS, `?pool=true` to keep
 * connections open for bulk sending).
 */
export function smtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  const domain = addressOf(options.from).split('@')[1] ?? 'localhost';
  return {
    kind: 'smtp',
    async send(message) {
      const messageId = message.idempotencyKey
        ? `<${createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 40)}@${domain}>`
        : undefined;
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          messageId,
        });
        return { messageId: info.messageId };
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
