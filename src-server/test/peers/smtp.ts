import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { createInbox } from './inbox';

export interface ReceivedMail {
  /** Envelope sender and recipients as the server saw them. */
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  /** Raw header values (unfolded) by lower-cased name; the last one wins when repeated. */
  headers: Record<string, string>;
  receivedAt: Date;
  /** The queue id this server gave the message in its 250 reply ("250 2.0.0 Ok: queued as <id>", as Postfix says it). */
  queueId: string;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:PORT for SMTP_URL. */
  url: string;
  env: { SMTP_URL: string };
  /** Every message accepted so far, in arrival order. */
  readonly messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages sent to one address. */
  to(address: string): ReceivedMail[];
  /** The next `count` messages are refused with this SMTP reply (default 451, temporary). */
  failNext(count: number, reply?: { code: number; message: string }): void;
  /** Replies to the next `count` messages as they arrive and holds every later reply until the returned release is called. */
  holdRepliesAfter(count: number): () => void;
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (no TLS, no auth) that parses and keeps what it receives.
 * `replyDelayMs` holds the 250 reply after a message is kept, like a slow relay: a client that
 * dies in that window has delivered a message it never heard about.
 */
export async function startSmtpPeer(options: { replyDelayMs?: number } = {}): Promise<SmtpPeer> {
  const inbox = createInbox<ReceivedMail>();
  const messages = inbox.items;
  let failures: { remaining: number; code: number; message: string } = { remaining: 0, code: 451, message: '' };
  let hold: { free: number; released: Promise<void> } | null = null;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Pooled clients may hold a connection open; close() ends them after this long.
    closeTimeout: 200,
    size: 10 * 1024 * 1024,
    async onData(stream, session: SMTPServerSession, callback) {
      try {
        const parsed = await simpleParser(stream);
        if (failures.remaining > 0) {
          failures.remaining -= 1;
          const error = Object.assign(new Error(failures.message), { responseCode: failures.code });
          callback(error);
          return;
        }
        const headers: Record<string, string> = {};
        for (const { key, line } of parsed.headerLines) {
          headers[key.toLowerCase()] = line
            .slice(line.indexOf(':') + 1)
            .replace(/\r?\n\s+/g, ' ')
            .trim();
        }
        const mail: ReceivedMail = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          from: parsed.from?.text ?? '',
          to: Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? ''),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : null,
          messageId: parsed.messageId ?? null,
          headers,
          receivedAt: new Date(),
          queueId: randomBytes(6).toString('hex').toUpperCase(),
        };
        inbox.push(mail);
        if (options.replyDelayMs) await new Promise((resolve) => setTimeout(resolve, options.replyDelayMs));
        if (hold && hold.free-- <= 0) await hold.released;
        callback(null, `2.0.0 Ok: queued as ${mail.queueId}`);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const url = `smtp://127.0.0.1:${port}`;

  return {
    url,
    env: { SMTP_URL: url },
    messages,
    waitFor: (match, timeoutMs = 5_000) => inbox.waitFor(match, timeoutMs, 'email'),
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address)),
    failNext(count, reply = { code: 451, message: 'Temporary failure, try again later' }) {
      failures = { remaining: count, ...reply };
    },
    holdRepliesAfter(count) {
      let release = () => {};
      hold = { free: count, released: new Promise<void>((resolve) => (release = resolve)) };
      return () => {
        hold = null;
        release();
      };
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
