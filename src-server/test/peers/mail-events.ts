import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmtpPeer } from './smtp';

export interface MailEventsPeer {
  url: string;
  apiKey: string;
  env: { MAIL_EVENTS_URL: string; MAIL_EVENTS_API_KEY: string };
  /** Lookups answered so far. */
  readonly lookups: string[];
  close(): Promise<void>;
}

const bare = (id: string) => id.trim().replace(/^<|>$/g, '');

/**
 * The relay's events API in Mailgun's format (GET /v3/<domain>/events?message-id=..&event=accepted,
 * Basic auth api:<key>), answering from what the SMTP peer accepted.
 */
export async function startMailEventsPeer(smtp: SmtpPeer): Promise<MailEventsPeer> {
  const apiKey = `key-${randomBytes(12).toString('hex')}`;
  const expected = `Basic ${Buffer.from(`api:${apiKey}`).toString('base64')}`;
  const lookups: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== expected) return send(401, { message: 'Invalid private key' });
    if (request.method !== 'GET' || url.pathname !== '/v3/alerts.test/events')
      return send(404, { message: 'Not found' });
    const messageId = bare(url.searchParams.get('message-id') ?? '');
    lookups.push(messageId);
    const items = smtp.messages
      .filter((m) => m.messageId && bare(m.messageId) === messageId)
      .filter(() => (url.searchParams.get('event') ?? 'accepted') === 'accepted')
      .map((m) => ({
        event: 'accepted',
        timestamp: m.receivedAt.getTime() / 1000,
        recipient: m.envelopeTo[0],
        message: { headers: { 'message-id': bare(m.messageId!), to: m.to, from: m.from, subject: m.subject } },
      }));
    return send(200, { items, paging: { next: `${url.origin}${url.pathname}?page=next` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/alerts.test/events`;
  return {
    url,
    apiKey,
    env: { MAIL_EVENTS_URL: url, MAIL_EVENTS_API_KEY: apiKey },
    lookups,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
