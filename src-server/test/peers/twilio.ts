import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../../integrations/sms/twilio-signature';
import { createInbox } from './inbox';

export interface SentSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  dateCreated: Date;
  /** The StatusCallback URL the message was created with, if any. */
  statusCallback: string | null;
}

/** A status callback as the peer posted it (replayable verbatim). */
export interface PostedCallback {
  /** Where it was posted (the local address behind the public URL). */
  target: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  text: string;
}

export interface TwilioFailure {
  status: number;
  code: number;
  message: string;
}

export interface InboundResult {
  status: number;
  /** The raw TwiML (or error text) the app answered. */
  text: string;
  /** The <Message> texts of the TwiML reply. */
  replies: string[];
}

export interface TwilioPeer {
  /** http://127.0.0.1:PORT for TWILIO_API_BASE. */
  apiBase: string;
  accountSid: string;
  authToken: string;
  from: string;
  env: { TWILIO_API_BASE: string; TWILIO_ACCOUNT_SID: string; TWILIO_AUTH_TOKEN: string; TWILIO_FROM: string };
  readonly messages: SentSms[];
  to(number: string): SentSms[];
  waitFor(match: (sms: SentSms) => boolean, timeoutMs?: number): Promise<SentSms>;
  /** The next `count` sends fail with this Twilio error (default 500/20500, temporary). */
  failNext(count: number, failure?: TwilioFailure): void;
  /** Sends to this number fail like Twilio's 21610 (recipient replied STOP). */
  blockNumber(number: string): void;
  /** X-Twilio-Signature for a webhook request, with this peer's auth token. */
  sign(url: string, params: Record<string, string>): string;
  /** Posts an inbound message to the app's webhook as Twilio would, signed unless told otherwise. */
  sendInbound(
    webhookUrl: string,
    params: { From: string; Body: string } & Record<string, string>,
    options?: { signature?: string | null; signedUrl?: string },
  ): Promise<InboundResult>;
  /**
   * Callbacks to URLs under `publicOrigin` are posted to `localOrigin` instead (as a reverse proxy
   * in front of the app would route them); the signature stays over the public URL, as Twilio's.
   */
  reachVia(publicOrigin: string, localOrigin: string): void;
  /**
   * Posts a status callback for message `sid` to the StatusCallback it was sent with, as Twilio
   * does: MessageSid/SmsSid, MessageStatus/SmsStatus, AccountSid, From, To, ApiVersion, ErrorCode
   * on undelivered/failed, RawDlrDoneDate on delivered/undelivered; signed unless told otherwise.
   */
  reportStatus(
    sid: string,
    status: string,
    options?: {
      errorCode?: string;
      signature?: string | null;
      signedUrl?: string;
      url?: string;
      extra?: Record<string, string>;
    },
  ): Promise<PostedCallback>;
  clear(): void;
  close(): Promise<void>;
}

/** Twilio's RawDlrDoneDate: YYMMDDhhmm (UTC here; carriers vary). */
function dlrDoneDate(date: Date): string {
  return date.toISOString().replace(/[-T:]/g, '').slice(2, 12);
}

function twilioDate(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A Messages API resource as Twilio returns it for a message we accepted. */
function messageResource(m: SentSms, accountSid: string, base: string) {
  return {
    sid: m.sid,
    account_sid: accountSid,
    to: m.to,
    from: m.from,
    body: m.body,
    status: 'queued',
    direction: 'outbound-api',
    num_segments: String(Math.max(1, Math.ceil(m.body.length / 153))),
    date_created: twilioDate(m.dateCreated),
    date_updated: twilioDate(m.dateCreated),
    date_sent: null,
    error_code: null,
    error_message: null,
    price: null,
    uri: `${base}/Messages/${m.sid}.json`,
  };
}

/** Twilio's error for a send it refuses before queueing (bad number, missing sender or body, STOP), else null. */
function refusalOf(to: string, sender: string, body: string, blocked: ReadonlySet<string>): TwilioFailure | null {
  if (!/^\+[1-9]\d{7,14}$/.test(to))
    return { status: 400, code: 21211, message: `The 'To' number ${to} is not a valid phone number.` };
  if (!sender) return { status: 400, code: 21603, message: "A 'From' phone number is required." };
  if (!body) return { status: 400, code: 21602, message: 'Message body is required.' };
  if (body.length > 1600)
    return { status: 400, code: 21617, message: 'The concatenated message body exceeds the 1600 character limit.' };
  if (blocked.has(to)) return { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' };
  return null;
}

/** The Messages API's requests: send (validated as Twilio does), list, fetch; Basic auth on every one. */
function messagesApi(p: {
  accountSid: string;
  base: string;
  expectedAuth: string;
  blocked: ReadonlySet<string>;
  inbox: ReturnType<typeof createInbox<SentSms>>;
  state: { failures: { remaining: number; failure: TwilioFailure } };
}) {
  const { accountSid, base, expectedAuth, blocked, inbox, state } = p;
  const messages = inbox.items;
  const resource = (m: SentSms) => messageResource(m, accountSid, base);

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, f: TwilioFailure) =>
    send(response, f.status, {
      code: f.code,
      message: f.message,
      more_info: `https://www.twilio.com/docs/errors/${f.code}`,
      status: f.status,
    });

  return async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    if (request.headers.authorization !== expectedAuth) {
      return error(response, { status: 401, code: 20003, message: 'Authenticate' });
    }
    if (request.method === 'POST' && url.pathname === `${base}/Messages.json`) {
      const form = new URLSearchParams(await readBody(request));
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      const sender = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
      const refused = refusalOf(to, sender, body, blocked);
      if (refused) return error(response, refused);
      if (state.failures.remaining > 0) {
        state.failures.remaining -= 1;
        return error(response, state.failures.failure);
      }
      const sms: SentSms = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        from: sender,
        body,
        dateCreated: new Date(),
        statusCallback: form.get('StatusCallback'),
      };
      inbox.push(sms);
      return send(response, 201, resource(sms));
    }
    if (request.method === 'GET' && url.pathname === `${base}/Messages.json`) {
      const to = url.searchParams.get('To');
      const list = messages
        .filter((m) => !to || m.to === to)
        .reverse()
        .map(resource);
      return send(response, 200, { messages: list, page: 0, page_size: list.length, next_page_uri: null });
    }
    const single = url.pathname.match(new RegExp(`^${base}/Messages/(SM\\w+)\\.json$`));
    if (request.method === 'GET' && single) {
      const found = messages.find((m) => m.sid === single[1]);
      return found
        ? send(response, 200, resource(found))
        : error(response, { status: 404, code: 20404, message: 'The requested resource was not found' });
    }
    return error(response, { status: 404, code: 20404, message: 'The requested resource was not found' });
  };
}

/** An HTTP server speaking the Twilio Messages API (send, list, fetch) with Basic auth. */
export async function startTwilioPeer(options: { from?: string } = {}): Promise<TwilioPeer> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = options.from ?? '+15005550006';
  const inbox = createInbox<SentSms>();
  const messages = inbox.items;
  const blocked = new Set<string>();
  const failures = { remaining: 0, failure: { status: 500, code: 20500, message: 'Internal Server Error' } };
  const base = `/2010-04-01/Accounts/${accountSid}`;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const state = { failures };
  const server = createServer(messagesApi({ accountSid, base, expectedAuth, blocked, inbox, state }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (url: string, params: Record<string, string>) => twilioSignature(authToken, url, params);
  const routes = new Map<string, string>();
  const reachable = (url: string) => {
    for (const [publicOrigin, localOrigin] of routes)
      if (url.startsWith(`${publicOrigin}/`)) return localOrigin + url.slice(publicOrigin.length);
    return url;
  };

  return {
    apiBase,
    accountSid,
    authToken,
    from,
    env: { TWILIO_API_BASE: apiBase, TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from },
    messages,
    to: (number) => messages.filter((m) => m.to === number),
    waitFor: (match, timeoutMs = 5_000) => inbox.waitFor(match, timeoutMs, 'SMS'),
    failNext(count, failure = { status: 500, code: 20500, message: 'Internal Server Error' }) {
      state.failures = { remaining: count, failure };
    },
    blockNumber: (number) => void blocked.add(number),
    sign,
    async sendInbound(webhookUrl, params, opts = {}) {
      const full = { MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: accountSid, To: from, ...params };
      const signature = opts.signature === undefined ? sign(opts.signedUrl ?? webhookUrl, full) : opts.signature;
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature === null ? {} : { 'x-twilio-signature': signature }),
        },
        body: new URLSearchParams(full),
      });
      const text = await response.text();
      const replies = [...text.matchAll(/<Message>([\s\S]*?)<\/Message>/g)].map((m) => decodeXml(m[1]!));
      return { status: response.status, text, replies };
    },
    reachVia(publicOrigin, localOrigin) {
      routes.set(publicOrigin.replace(/\/+$/, ''), localOrigin.replace(/\/+$/, ''));
    },
    async reportStatus(sid, status, opts = {}) {
      const message = messages.find((m) => m.sid === sid);
      const url = opts.url ?? message?.statusCallback;
      if (!url) throw new Error(`message ${sid} was sent without a StatusCallback`);
      const params: Record<string, string> = {
        SmsSid: sid,
        SmsStatus: status,
        MessageStatus: status,
        To: message?.to ?? '+12025550100',
        MessageSid: sid,
        AccountSid: accountSid,
        From: message?.from ?? from,
        ApiVersion: '2010-04-01',
        ...(['undelivered', 'failed'].includes(status) ? { ErrorCode: opts.errorCode ?? '30003' } : {}),
        ...(['delivered', 'undelivered'].includes(status) ? { RawDlrDoneDate: dlrDoneDate(new Date()) } : {}),
        ...opts.extra,
      };
      const signature = opts.signature === undefined ? sign(opts.signedUrl ?? url, params) : opts.signature;
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        'user-agent': 'TwilioProxy/1.1',
        'i-twilio-idempotency-token': randomBytes(16).toString('hex'),
        ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      };
      const body = new URLSearchParams(params).toString();
      const target = reachable(url);
      const response = await fetch(target, { method: 'POST', headers, body });
      return { target, headers, body, status: response.status, text: await response.text() };
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
