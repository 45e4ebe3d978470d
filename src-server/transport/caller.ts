import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '#shared/app-error';
import { resolveBrand, type BrandId } from '#shared/brands';
import { COPY } from '#shared/copy';
import { API_TOKEN_PREFIX } from '#shared/integrations';
import { isPro } from '#shared/plans';
import { brandHostsOf, isOurOrigin } from '../config/public-origins';
import type { AppDeps } from '../deps';
import type { RequestInfo } from '../domains/auth/login.service';
import { spend } from '../domains/auth/rate-limit';
import { requestInfo } from '../domains/auth/request-info';
import {
  createAnonymousSession,
  deleteAnonymousUser,
  resolveSession,
  type AuthedSession,
} from '../domains/auth/session.service';
import { ADMIN_COOKIE, bearerTokenFrom, readCookie, SESSION_COOKIE, SESSION_HEADER } from './request-meta';
import type { StreamLimits, StreamScope } from './stream-limits';

/**
 * Who is calling, resolved once per request for both transports: the tRPC context wraps a
 * Caller and the REST plugin's hook puts one on every /api request. The origin rule (CSRF and
 * websocket hijacking), the session rules (where a token may come from, when an anonymous user
 * is created) and the admin rule live here and nowhere else.
 */

/** `ours`: PUBLIC_URL or a brand host; `foreign`: another site; `unknown`: no browser said (scripts). */
export type OriginVerdict = 'ours' | 'foreign' | 'unknown';
/** Where the presented session token came from. Only a cookie is sent by a browser on its own. */
export type CredentialSource = 'header' | 'cookie' | 'body' | 'connection' | 'token';

export interface Viewer {
  userId: string | null;
  pro: boolean;
}

export interface CallerInput {
  transport: 'http' | 'ws';
  headers: IncomingHttpHeaders;
  ip: string | null;
  /** ?brand= of a GET, the X-Brand header or the websocket's `brand` connection param. */
  requestedBrand?: string;
  /** Websocket only: the client's connectionParams, the one place a websocket session comes from. */
  connectionParams?: Record<string, string | undefined> | null;
  /** HTTP only: hands a new session token to the client (X-Session response header and cookie). */
  issueToken?: (token: string) => void;
  /** HTTP only: takes back a token handed out by this request (header removed, cookie cleared). */
  retractToken?: () => void;
  /** HTTP only: the admin credential as an HttpOnly cookie, and its removal. */
  setAdminCookie?: (token: string, expiresAt: Date) => void;
  clearAdminCookie?: () => void;
  /** The process's open-stream counts; absent, streams are not limited (one-off callers). */
  streams?: StreamLimits;
  /**
   * REST only: the personal API token the request presented as its bearer credential, already
   * resolved (caller-hook.ts), with the raw value. It stands in for a session; X-Session wins.
   */
  apiToken?: { token: string; session: AuthedSession } | null;
}

export interface Caller {
  deps: AppDeps;
  transport: 'http' | 'ws';
  brand: BrandId;
  ip: string | null;
  userAgent: string | null;
  host: string | undefined;
  /** Brand, IP, user agent and the origin for links in messages, as services take them. */
  request: RequestInfo;
  origin: OriginVerdict;
  credential: { token: string; source: CredentialSource } | null;
  /** The presented session (null when none or dead), looked up once. */
  session(): Promise<AuthedSession | null>;
  /** The presented session or a 401. */
  requireSession(): Promise<AuthedSession>;
  /**
   * The presented session, or a new anonymous one (HTTP only, limited per IP): called by writes
   * only, so reads never create users.
   */
  ensureSession(): Promise<AuthedSession & { token?: string }>;
  /**
   * A write that failed leaves nothing behind: the visitor ensureSession created for it in this
   * request is deleted again and its token taken back. No-op otherwise.
   */
  discardCreatedVisitor(): Promise<void>;
  viewer(): Promise<Viewer>;
  /**
   * A slot for one subscription (per socket on a websocket, per client address over HTTP, and per
   * account when signed in), or a 429; the returned function frees it.
   */
  openStream(): Promise<() => void>;
  /** The admin bearer session (Authorization header, or `adminSession` on a websocket). */
  admin(): Promise<AuthedSession | null>;
  requireAdmin(): Promise<AuthedSession>;
  /** Hands a browser its admin credential as an HttpOnly cookie (the JSON answer still carries it for scripts). */
  issueAdminCookie(token: string, expiresAt: Date): void;
  clearAdminCookie(): void;
  /** A REST body's `session`: used when no header names one, refused when it names another. */
  adoptBodySession(token: unknown): void;
  /**
   * The rule for anything that changes state: never from another site, and a session that
   * arrived only as a cookie counts only from our own origins (scripts send X-Session).
   */
  assertMayWrite(): void;
  /** Sets the caller's new token (sign-in): response header and cookie; HTTP only. */
  issueSessionToken(token: string): void;
  /** Ends the browser's copy of the session (logout): header removed and the HttpOnly cookie cleared; HTTP only. */
  clearSessionToken(): void;
  /** The token script may be told: one this request created or the caller sent itself. Never a cookie's. */
  revealableToken(): string | null;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Origin header first (every browser sends it on POST and websocket upgrades), then Sec-Fetch-Site. */
export function originVerdict(deps: Pick<AppDeps, 'env'>, headers: IncomingHttpHeaders): OriginVerdict {
  const origin = first(headers.origin);
  if (origin !== undefined) return origin !== 'null' && isOurOrigin(deps.env, origin) ? 'ours' : 'foreign';
  const site = first(headers['sec-fetch-site']);
  if (site === 'same-origin') return 'ours';
  if (site === 'same-site' || site === 'cross-site') return 'foreign';
  return 'unknown';
}

const usable = (token: string | undefined) => {
  const trimmed = token?.trim();
  return trimmed ? trimmed : undefined;
};

function credentialOf(input: CallerInput): Caller['credential'] {
  if (input.apiToken) return { token: input.apiToken.token, source: 'token' };
  if (input.transport === 'ws') {
    const token = usable(input.connectionParams?.session);
    return token ? { token, source: 'connection' } : null;
  }
  const header = usable(first(input.headers[SESSION_HEADER]));
  if (header) return { token: header, source: 'header' };
  const cookie = usable(readCookie(input.headers, SESSION_COOKIE));
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

/** The write rule (see Caller.assertMayWrite), with a read-only API token refused first. */
function assertMayWrite(origin: OriginVerdict, credential: Caller['credential'], input: CallerInput): void {
  if (credential?.source === 'token' && input.apiToken?.session.apiToken?.scope !== 'write') {
    throw new AppError('FORBIDDEN', 'This API token is read-only: create a read-write token to make changes.', {
      reason: 'token_read_only',
    });
  }
  if (origin === 'foreign') {
    throw new AppError(
      'FORBIDDEN',
      'This request came from another website and was refused. Open the app and try again.',
      {
        reason: 'cross_site_request',
      },
    );
  }
  const { headers } = input;
  const adminByCookie = !bearerTokenFrom(headers) && readCookie(headers, ADMIN_COOKIE) !== undefined;
  if ((credential?.source === 'cookie' || adminByCookie) && origin !== 'ours') {
    throw new AppError(
      'FORBIDDEN',
      'A change signed in only by a cookie must come from the app itself; scripts send the X-Session header.',
      {
        reason: 'origin_required',
      },
    );
  }
}

const unauthorized = () => new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });

export function buildCaller(deps: AppDeps, input: CallerInput): Caller {
  const { headers } = input;
  const brand = resolveBrand({ host: headers.host, requested: input.requestedBrand, hostMap: brandHostsOf(deps.env) });
  const userAgent = first(headers['user-agent']) ?? null;
  let credential = credentialOf(input);
  const presented = credential;
  let createdToken: string | null = null;
  let createdVisitorId: string | null = null;
  // Names this caller's socket in the per-socket stream count (a websocket has one caller per connection).
  const socketId = randomUUID();
  let sessionPromise: Promise<AuthedSession | null> | undefined;
  let adminPromise: Promise<AuthedSession | null> | undefined;

  const lookUp = () =>
    credential?.source === 'token' && input.apiToken
      ? Promise.resolve(input.apiToken.session)
      : resolveSession(deps.db, { token: credential?.token }).then((s) => s ?? null);
  // A websocket connection outlives plan changes (a checkout paid in another tab): each call on it
  // reads the session and user afresh, so a PRO check sees the plan as it is now.
  const session = () => {
    if (input.transport === 'ws') return lookUp();
    sessionPromise ??= lookUp();
    return sessionPromise;
  };

  const caller: Caller = {
    deps,
    transport: input.transport,
    brand,
    ip: input.ip,
    userAgent,
    host: headers.host,
    request: requestInfo(deps, { brand, host: headers.host, ip: input.ip, userAgent }),
    origin: originVerdict(deps, headers),
    get credential() {
      return credential;
    },
    session,
    async requireSession() {
      const found = await session();
      if (!found) throw unauthorized();
      return found;
    },
    async ensureSession() {
      const existing = await session();
      if (existing) return existing;
      // A websocket cannot receive a token (no response headers): it must present one.
      if (input.transport === 'ws' || !input.issueToken) throw unauthorized();
      await spend(deps.db, { budget: 'anonymousSessionPerIp', key: input.ip ?? 'unknown' });
      const created = await createAnonymousSession(deps.db, { brand, ip: input.ip, userAgent });
      input.issueToken(created.token);
      createdToken = created.token;
      createdVisitorId = created.user.id;
      credential = { token: created.token, source: 'header' };
      sessionPromise = Promise.resolve(created);
      return created;
    },
    async discardCreatedVisitor() {
      const userId = createdVisitorId;
      if (!userId) return;
      createdVisitorId = null;
      createdToken = null;
      credential = presented;
      sessionPromise = undefined;
      input.retractToken?.();
      await deleteAnonymousUser(deps.db, { userId });
    },
    async openStream() {
      if (!input.streams) return () => {};
      const keys: { scope: StreamScope; id: string }[] =
        input.transport === 'ws'
          ? [{ scope: 'perSocket', id: socketId }]
          : [{ scope: 'perIp', id: input.ip ?? 'unknown' }];
      const found = await session();
      if (found) keys.push({ scope: 'perUser', id: found.user.id });
      return input.streams.acquire(keys);
    },
    async viewer() {
      const found = await session();
      return { userId: found?.user.id ?? null, pro: isPro(found?.user) };
    },
    admin() {
      // Scripts send the bearer header; the admin console's browser sends the HttpOnly cookie.
      const token =
        input.transport === 'ws'
          ? input.connectionParams?.adminSession
          : (bearerTokenFrom(headers) ?? readCookie(headers, ADMIN_COOKIE));
      // A personal API token is never an admin credential, whatever its owner is.
      if (token?.startsWith(API_TOKEN_PREFIX)) return Promise.resolve(null);
      adminPromise ??= resolveSession(deps.db, { token, kind: 'admin' }).then((s) => s ?? null);
      return adminPromise;
    },
    async requireAdmin() {
      const admin = await caller.admin();
      if (!admin?.user.isAdmin)
        throw new AppError('UNAUTHORIZED', 'Admin sign-in required.', { reason: 'admin_required' });
      return admin;
    },
    adoptBodySession(token) {
      if (typeof token !== 'string' || !token) return;
      if (credential?.source === 'header' || credential?.source === 'token') {
        if (credential.token !== token) {
          throw new AppError('BAD_REQUEST', 'The session in the body does not match the X-Session header.', {
            reason: 'session_mismatch',
          });
        }
        return;
      }
      credential = { token, source: 'body' };
      sessionPromise = undefined;
    },
    assertMayWrite() {
      assertMayWrite(caller.origin, credential, input);
    },
    issueAdminCookie(token, expiresAt) {
      input.setAdminCookie?.(token, expiresAt);
    },
    clearAdminCookie() {
      input.clearAdminCookie?.();
    },
    issueSessionToken(token) {
      input.issueToken?.(token);
      createdToken = token;
    },
    clearSessionToken() {
      createdToken = null;
      input.retractToken?.();
    },
    revealableToken() {
      if (createdToken) return createdToken;
      // An API token is not a session: never handed back as one.
      return credential && credential.source !== 'cookie' && credential.source !== 'token' ? credential.token : null;
    },
  };
  return caller;
}
