import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, errorBody, INTERNAL_MESSAGE, isAppError } from '#shared/app-error';

/** Messages for Fastify's own 4xx errors (bad JSON, wrong content type, body too large). */
function fastifyClientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send application/json.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message;
  }
}

/** Every issue as 'path: message'; `root` names the whole input ('body' for REST, 'input' for tRPC). */
export function zodMessage(error: ZodError, root = 'body'): string {
  return error.issues.map((i) => `${i.path.join('.') || root}: ${i.message}`).join('; ');
}

/** One error handler for /api: AppError by its table, client errors as 4xx, the rest as a bare 500. */
export function restErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (isAppError(error)) {
    if (error.status >= 500) request.log.error({ err: error.cause ?? error }, 'service failure');
    const retryAfter = error.details?.retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.status(error.status).send(errorBody(error));
  }
  if (error instanceof ZodError) {
    return reply.status(400).send({ error: 'bad_request', message: zodMessage(error) });
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const kind = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
    return reply.status(status).send({ error: kind, message: fastifyClientMessage(error as FastifyError) });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ error: 'internal', message: INTERNAL_MESSAGE });
}

export function notFoundError(request: FastifyRequest): AppError {
  return new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
}

/** The JSON 404 of every path nothing serves (API, tRPC, non-GET outside the SPA). */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(errorBody(notFoundError(request)));
}
