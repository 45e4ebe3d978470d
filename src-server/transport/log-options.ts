import type { FastifyRequest } from 'fastify';

/** Headers that carry credentials never reach the logs. */
export const LOG_REDACT = ['req.headers["x-session"]', 'req.headers.cookie', 'req.headers.authorization'];

/** Sign-in and confirmation links (?token=), shared sessions (?session=) and unsubscribe links carry secrets. */
const SECRET_IN_URL = /([?&](?:token|session)=)[^&#]*|(\/unsubscribe\/)[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_IN_URL, (_match, query: string | undefined, path: string | undefined) => `${query ?? path}[redacted]`);
}

/** Fastify's request serializer with the URL's secrets masked (used by the process logger and buildApp's own). */
export const LOG_SERIALIZERS = {
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
