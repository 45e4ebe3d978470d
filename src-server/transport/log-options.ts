import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { loggableDatabaseError } from '../db/errors';

/** Headers that carry credentials never reach the logs. */
export const LOG_REDACT = ['req.headers["x-session"]', 'req.headers.cookie', 'req.headers.authorization'];

/**
 * Sign-in and confirmation links (?token=), shared sessions (?session=), tRPC's
 * ?connectionParams= (refused, but a client may still send one) and unsubscribe links carry secrets.
 */
const SECRET_IN_URL = /([?&](?:token|session|connectionParams)=)[^&#]*|(\/unsubscribe\/)[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(
    SECRET_IN_URL,
    (_match, query: string | undefined, path: string | undefined) => `${query ?? path}[redacted]`,
  );
}

/** Fastify's request serializer with the URL's secrets masked (used by the process logger and buildApp's own). */
export const LOG_SERIALIZERS = {
  /** Database errors without parameter values or quoted row values (emails, phones); others as pino does. */
  err(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
    for (
      let e: unknown = error, depth = 0;
      e && typeof e === 'object' && depth < 4;
      e = (e as { cause?: unknown }).cause, depth += 1
    ) {
      const safe = loggableDatabaseError(e);
      // A wrapper (TRPCError, AppError) may repeat the database message: only the safe form is kept.
      if (safe) return e === error ? safe : { ...safe, wrappedBy: (error as Error).name };
    }
    return pino.stdSerializers.err(error);
  },
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
