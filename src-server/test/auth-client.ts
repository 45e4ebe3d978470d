import { afterAll } from 'vitest';
import { startTestApp, type TestApp } from './app';
import { startSmtpPeer, type SmtpPeer } from './peers/smtp';
import { startTwilioPeer, type TwilioPeer } from './peers/twilio';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  session?: string;
  /** Simulated client address (X-Forwarded-For; the test client is a trusted loopback proxy). */
  ip?: string;
  headers?: Record<string, string>;
}

/** JSON calls to the app's REST API; `defaults.headers` go with every call (e.g. X-Brand). */
export function restClient(url: string, defaults: { headers?: Record<string, string> } = {}) {
  const call = async <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...defaults.headers, ...options.headers };
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.session) headers['x-session'] = options.session;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (HTML pages, TwiML): keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };
  return {
    get: <T = Record<string, unknown>>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, options?: CallOptions) =>
      call<T>('POST', path, body, options),
  };
}
export type RestClient = ReturnType<typeof restClient>;

/** The session token a response set in its cookie. */
export function cookieSession(headers: Headers): string | undefined {
  return headers
    .getSetCookie()
    .map((c) => c.match(/^session=([^;]*)/)?.[1])
    .find(Boolean);
}

export function tokenFromText(text: string, path: string): string {
  const match = text.match(new RegExp(`${path.replace('/', '\\/')}\\?token=([\\w-]+)`));
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

export function codeFromText(text: string): string {
  const match = text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
}

let ipCounter = 0;
/** A fresh client address, so per-IP budgets of different tests do not mix. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface AuthTestContext extends TestApp {
  api: RestClient;
  smtp: SmtpPeer;
  twilio: TwilioPeer;
  /** A new anonymous session token (the SPA's first call). */
  anonymousSession(): Promise<string>;
  /** `session` asks for the link; `cookie` is the clicking browser's session cookie. */
  signInByEmail(
    email: string,
    options?: { session?: string; cookie?: string; ip?: string },
  ): Promise<{ session: string; merged: number; rejected: number }>;
  signInByPhone(
    phone: string,
    options?: { previousSession?: string; ip?: string },
  ): Promise<{ session: string; user: Record<string, unknown>; merged: number; rejected: number }>;
  /**
   * A contact change on an account with a verified contact, as its owner makes it: the first
   * POST is refused and sends a code to `approver` (the verified email or phone), the second
   * carries the code.
   */
  approvedContactChange(
    path: '/api/notify' | '/api/add-secondary-contact',
    body: Record<string, unknown>,
    session: string,
    approver: string,
  ): Promise<ApiResponse>;
}

/** The app wired to a real SMTP server and a Twilio-format HTTP peer on loopback. */
export async function startAuthTestApp(options: { env?: Record<string, string> } = {}): Promise<AuthTestContext> {
  const smtp = await startSmtpPeer();
  const twilio = await startTwilioPeer();
  afterAll(async () => {
    await smtp.close();
    await twilio.close();
  });
  const app = await startTestApp({ env: { ...smtp.env, ...twilio.env, ...options.env } });
  const api = restClient(app.url);

  return {
    ...app,
    api,
    smtp,
    twilio,
    async anonymousSession() {
      const response = await fetch(`${app.url}/trpc/auth.session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return response.headers.get('x-session')!;
    },
    async signInByEmail(email, opts = {}) {
      const before = smtp.to(email).length;
      const sent = await api.post(
        '/api/login',
        { identifier: email },
        { session: opts.session, ip: opts.ip ?? freshIp() },
      );
      if (sent.status !== 200) throw new Error(`login failed: ${JSON.stringify(sent.body)}`);
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email) && smtp.to(email).indexOf(m) >= before);
      const token = tokenFromText(mail.text, '/api/verify-login');
      // The link's GET only previews; the confirm page's POST (same origin, the browser's cookie) signs in.
      const preview = await api.get(`/api/verify-login?token=${token}`);
      if (preview.status !== 200)
        throw new Error(`link preview failed: ${preview.status} ${JSON.stringify(preview.body)}`);
      const response = await api.post<{ session: string; merged: number; rejected: number }>(
        '/api/verify-login',
        { token },
        {
          headers: { origin: app.url, ...(opts.cookie ? { cookie: `session=${opts.cookie}` } : {}) },
        },
      );
      const session = cookieSession(response.headers);
      if (response.status !== 200 || !session)
        throw new Error(`link failed: ${response.status} ${JSON.stringify(response.body)}`);
      return { session, merged: response.body.merged, rejected: response.body.rejected };
    },
    async approvedContactChange(path, body, session, approver) {
      const isEmail = approver.includes('@');
      const before = isEmail ? smtp.to(approver).length : twilio.to(approver).length;
      const refused = await api.post(path, body, { session });
      if (refused.status !== 403 || refused.body.error !== 'approval_required') return refused;
      const code = isEmail
        ? codeFromText(
            (await smtp.waitFor((m) => m.envelopeTo.includes(approver) && smtp.to(approver).indexOf(m) >= before)).text,
          )
        : codeFromText(
            (await twilio.waitFor((m) => m.to === approver && twilio.to(approver).indexOf(m) >= before)).body,
          );
      return api.post(path, { ...body, approval_code: code }, { session });
    },
    async signInByPhone(phone, opts = {}) {
      const before = twilio.to(phone).length;
      const ip = opts.ip ?? freshIp();
      const sent = await api.post('/api/login', { identifier: phone }, { ip });
      if (sent.status !== 200) throw new Error(`login failed: ${JSON.stringify(sent.body)}`);
      const sms = await twilio.waitFor((m) => m.to === phone && twilio.to(phone).indexOf(m) >= before);
      const verified = await api.post<{
        session: string;
        user: Record<string, unknown>;
        merged: number;
        rejected: number;
      }>(
        '/api/verify-login-code',
        { identifier: phone, code: codeFromText(sms.body), previousSession: opts.previousSession },
        { ip },
      );
      if (verified.status !== 200) throw new Error(`code failed: ${JSON.stringify(verified.body)}`);
      return verified.body;
    },
  };
}
