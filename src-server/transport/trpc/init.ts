import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, ERROR_KINDS, INTERNAL_MESSAGE, isAppError } from '#shared/app-error';
import { fromClaimBusy } from '../../db/claims';
import { fromDataException } from '../../db/errors';
import { fromStripeOutage } from '../../integrations/stripe/stripe-outage';
import { COPY } from '#shared/copy';
import { assertPro, isVerified } from '../../domains/auth/session.service';
import { maskedContact, recordSecurityEvent } from '../../domains/admin/security-events';
import { zodMessage } from '../rest/errors';
import type { Context } from './context';

/** Converts a thrown AppError into the matching TRPCError; anything else stays internal. */
function toTrpcError(error: unknown): unknown {
  if (error instanceof TRPCError && isAppError(error.cause)) return error;
  const app = isAppError(error) ? error : (fromDataException(error) ?? fromStripeOutage(error) ?? fromClaimBusy(error));
  if (app) return new TRPCError({ code: ERROR_KINDS[app.kind].trpc, message: app.message, cause: app });
  return error;
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const app = isAppError(error.cause) ? error.cause : undefined;
    const zod = error.cause instanceof ZodError ? error.cause : undefined;
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: internal ? INTERNAL_MESSAGE : zod ? zodMessage(zod, 'input') : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: app?.status ?? shape.data.httpStatus,
        reason: app?.reason ?? null,
        details: app && app.status < 500 ? (app.details ?? null) : null,
        path: shape.data.path,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

const mapErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    // A refused write leaves no visitor behind (nor a token for one).
    await ctx.caller.discardCreatedVisitor();
    const mapped = toTrpcError(result.error.cause ?? result.error);
    if (mapped instanceof TRPCError) result.error = mapped;
  }
  return result;
});

/** Mutations and subscriptions change state or stream private data: the Caller's origin rule applies. */
const originRule = t.middleware(({ ctx, type, next }) => {
  if (type !== 'query') ctx.caller.assertMayWrite();
  return next();
});

const SIGN_IN_PATHS = new Set(['auth.verifyCode', 'auth.verifyLink']);
const CODE_FAILURES = new Set(['invalid_code', 'code_expired', 'too_many_attempts']);

/**
 * Security events for /admin/activity, seen where every call passes (tRPC and the REST table):
 * sign-ins, failed codes and rate-limit trips. Written on the pool after the call ended.
 */
const securityEvents = t.middleware(async ({ ctx, path, next, getRawInput }) => {
  const result = await next();
  if (result.ok) {
    if (SIGN_IN_PATHS.has(path)) {
      const user = (result.data as { user?: { id?: string; email?: string | null; phone?: string | null } } | undefined)
        ?.user;
      await recordSecurityEvent(ctx.deps.db, {
        kind: 'sign_in',
        userId: user?.id,
        subject: maskedContact(user?.email ?? user?.phone),
        detail: { via: path },
        ip: ctx.ip,
      });
    }
    return result;
  }
  const cause = result.error.cause;
  const reason = isAppError(cause) ? cause.reason : undefined;
  if (reason === 'rate_limited') {
    await recordSecurityEvent(ctx.deps.db, {
      kind: 'rate_limited',
      subject: path,
      detail: { message: (cause as AppError).message },
      ip: ctx.ip,
    });
  } else if (reason && CODE_FAILURES.has(reason) && path === 'auth.verifyCode') {
    const input = (await getRawInput().catch(() => undefined)) as { identifier?: unknown } | undefined;
    await recordSecurityEvent(ctx.deps.db, {
      kind: 'code_failed',
      subject: maskedContact(input?.identifier),
      detail: { reason },
      ip: ctx.ip,
    });
  }
  return result;
});

/**
 * A subscription holds a slot (per socket, client address and account: transport/stream-limits)
 * from its start until it ends or the client unsubscribes.
 */
const streamLimit = t.middleware(async ({ ctx, type, signal, next }) => {
  if (type !== 'subscription') return next();
  const release = await ctx.caller.openStream();
  signal?.addEventListener('abort', release, { once: true });
  const result = await next().catch((error: unknown) => {
    release();
    throw error;
  });
  if (!result.ok) {
    release();
    return result;
  }
  const source = result.data as AsyncIterable<unknown>;
  async function* held() {
    try {
      yield* source;
    } finally {
      release();
    }
  }
  return { ...result, data: held() };
});

/** Anyone. ctx.getSession() may still be used for optional personalisation. */
export const publicProcedure = t.procedure.use(mapErrors).use(securityEvents).use(originRule).use(streamLimit);

/**
 * A caller with a session. A mutation without one gets a new anonymous session (HTTP); a
 * query never creates one (reads never mint users): it is a 401 instead. Mutations with input
 * use `.input(schema).use(withSession)`, so the input is refused before any user is created.
 */
const sessionMiddleware = t.middleware(async ({ ctx, type, next }) => {
  const session = type === 'mutation' && !ctx.isWebSocket ? await ctx.ensureSession() : await ctx.getSession();
  if (!session) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
  return next({ ctx: { session, user: session.user } });
});
export const sessionProcedure = publicProcedure.use(sessionMiddleware);
/** The session middleware, for after `.input()`. */
export const withSession = sessionMiddleware;

/** A caller that already has a session (changes to an account or a watchlist); none is created. */
export const signedInProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.getSession();
  if (!session) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
  return next({ ctx: { session, user: session.user } });
});

/** A user with a verified email or phone (never a new visitor: no session is created). */
export const verifiedProcedure = signedInProcedure.use(async ({ ctx, next }) => {
  if (!isVerified(ctx.user))
    throw new AppError('FORBIDDEN', 'Verify your email or phone first.', { reason: 'not_verified' });
  return next();
});

/** PRO: admin, or plan pro and active (never a new visitor: no session is created). */
export const proProcedure = signedInProcedure.use(async ({ ctx, next }) => {
  assertPro(ctx.user);
  return next();
});

/** The admin area: a bearer admin session belonging to an admin user. */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const admin = await ctx.caller.requireAdmin();
  return next({ ctx: { admin, user: admin.user } });
});

export { INTERNAL_MESSAGE };
