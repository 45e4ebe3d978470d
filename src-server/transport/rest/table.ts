/**
 * REST as a table over the tRPC procedures: each row names a method and path, the procedure it
 * calls, how the REST request (path params, query, body) becomes the procedure's input and how
 * the result becomes the REST body. The call runs through `createCallerFactory` with the context
 * tRPC's own createContext builds from this request, so the procedure's middleware (sessions,
 * PRO, admin), its validation and its error mapping are exactly those of /trpc. A row is also
 * what the OpenAPI document says about the route.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { AppError, ERROR_KINDS, isAppError, type ErrorKind } from '#shared/app-error';
import { COPY } from '#shared/copy';
import { contextOf, type Context } from '../trpc/context';
import type { OpenApiOperation } from './openapi-route';
import { zodMessage } from './errors';
import { parseInput } from './validate';

/** What table rows need from the app: the tRPC context factory and a caller over the app router. */
export interface RestScope {
  createContext: (opts: { req: FastifyRequest; res: FastifyReply; info: never }) => Promise<Context>;
  createCaller: (ctx: Context) => unknown;
  /** Procedure paths of the app router ('auth.login'...), to refuse a row naming none at start. */
  procedures: ReadonlySet<string>;
}

// biome-ignore-start lint/suspicious/noExplicitAny: one table holds every route's row; each row's parts are validated by that row's own zod schemas before its input callback reads them
export interface RestParts {
  params: any;
  query: any;
  body: any;
  /** The body as sent, minus its `session` (procedure inputs are strict and carry no session). */
  rawBody: Record<string, unknown> | undefined;
}

/**
 * A row. Its summary, tag, description, auth and errors go to the document as they are; params,
 * query and body are the REST request parts, validated first (their messages name `body`) and
 * documented as the request.
 */
export interface RestCall
  extends Pick<OpenApiOperation, 'summary' | 'tag' | 'description' | 'params' | 'query' | 'body' | 'auth' | 'errors'> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Under /api, Fastify syntax (`/ticker/:ticker`). */
  path: string;
  /** The procedure's path in the app router. */
  procedure: string;
  /**
   * The procedure's input from the validated parts. Default: the body as sent (POST) or the
   * parsed query and params (GET); the procedure validates it again with its own schema.
   */
  input?: (parts: RestParts) => unknown;
  /**
   * 'required': a caller without a live session is a 401 (REST never creates one here, where
   * tRPC's session procedures would); 'alive': a presented session must be alive, none is fine.
   */
  session?: 'required' | 'alive';
  /** The REST body from the procedure's result (default: the result as it is). */
  output?: (result: any, call: { ctx: Context; reply: FastifyReply }) => unknown;
  /** The success status from the body (default 200). */
  status?: (body: any) => number;
  // biome-ignore-end lint/suspicious/noExplicitAny: see above
  /** The successful body's schema: the document's response, checked by the contract test. */
  response: z.ZodType;
  /** The documented success status when it is not 200 (e.g. 201 for a creation). */
  successStatus?: number;
  /** Other documented success statuses (e.g. 503 from /health). */
  otherResponses?: OpenApiOperation['responses'];
}

const STATUS_KINDS = new Map<number, ErrorKind>(
  Object.entries(ERROR_KINDS)
    .map(([kind, v]) => [v.status, kind as ErrorKind] as const)
    .reverse(),
);

/** A procedure's failure as the REST error handler expects it: the AppError behind it, or a 4xx of its own. */
export function restErrorOf(error: unknown): unknown {
  if (!(error instanceof TRPCError)) return error;
  if (isAppError(error.cause)) return error.cause;
  if (error.cause instanceof ZodError)
    return new AppError('BAD_REQUEST', zodMessage(error.cause), { cause: error.cause });
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500) return error.cause ?? error;
  return new AppError(STATUS_KINDS.get(status) ?? 'BAD_REQUEST', error.message, { cause: error });
}

/** The document's view of a row. */
export function operationOf(call: RestCall): OpenApiOperation {
  return {
    summary: call.summary,
    tag: call.tag,
    description: call.description,
    params: call.params,
    query: call.query,
    body: call.body,
    auth: call.auth ?? (call.session === 'required' ? 'session' : 'none'),
    responses: { [call.successStatus ?? 200]: { description: 'OK', schema: call.response }, ...call.otherResponses },
    errors: call.errors,
    procedure: call.procedure,
  };
}

/** Registers the rows on a Fastify scope (the /api plugin). */
export function registerRestTable(app: FastifyInstance, scope: RestScope, calls: readonly RestCall[]): void {
  for (const call of calls) {
    if (!scope.procedures.has(call.procedure))
      throw new Error(`REST ${call.method} ${call.path}: no procedure ${call.procedure}`);
    app.route({
      method: call.method,
      url: call.path,
      config: { openapi: operationOf(call) },
      handler: async (request, reply) => {
        const params = call.params ? parseInput(call.params, request.params) : request.params;
        const query = call.query ? parseInput(call.query, request.query) : request.query;
        const body = call.body ? parseInput(call.body, request.body) : request.body;
        // The request's Caller (REST hook): it already took a body `session` (refusing one that
        // differs from X-Session) and applied the origin rule to this write.
        const ctx = contextOf(request.caller);
        if (call.session) {
          const live = await ctx.getSession();
          if (!live && (call.session === 'required' || ctx.caller.credential)) {
            throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
          }
        }
        const rawBody =
          request.body && typeof request.body === 'object'
            ? Object.fromEntries(Object.entries(request.body).filter(([k]) => k !== 'session'))
            : undefined;
        const parts: RestParts = { params, query, body, rawBody };
        const input = call.input
          ? call.input(parts)
          : call.method !== 'POST'
            ? { ...(query as object), ...(params as object) }
            : rawBody;
        const procedure = procedureAt(scope.createCaller(ctx), call.procedure);
        let result: unknown;
        try {
          result = await procedure(input);
        } catch (error) {
          throw restErrorOf(error);
        }
        const out = call.output ? await call.output(result, { ctx, reply }) : result;
        return reply.status(call.status?.(out) ?? 200).send(out);
      },
    });
  }
}

/** The procedure paths of a tRPC router (v11 keeps a flat record of them). */
export function procedurePaths(router: { _def: { procedures: Record<string, unknown> } }): Set<string> {
  return new Set(Object.keys(router._def.procedures));
}

/** The caller's procedure at a dotted path ('admin.users.get'); the path was checked against the router at start. */
function procedureAt(caller: unknown, path: string): (input: unknown) => Promise<unknown> {
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return found as (input: unknown) => Promise<unknown>;
}
