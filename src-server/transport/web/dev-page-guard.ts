import type { FastifyRequest } from 'fastify';
import { AppError } from '#shared/app-error';
import type { AppDeps } from '../../deps';
import { isOurHost } from '../../config/public-origins';
import { originVerdict } from '../caller';
import { notFoundError } from '../rest/errors';

const isLoopback = (ip: string) => /^(127\.|::1$|::ffff:127\.)/.test(ip);

/**
 * The guard of development pages (the outbox holds every sign-in link and code; the test checkout
 * changes plans): callers on this machine only (a client behind a loopback proxy is judged by its
 * forwarded address), under one of our host names (DNS rebinding: a foreign name that resolves to
 * 127.0.0.1 gets a 404), and writes only from our own pages (a cross-site form post is refused).
 */
export function devPageGuard(deps: Pick<AppDeps, 'env'>) {
  return async (request: FastifyRequest) => {
    if (!isLoopback(request.ip) || !isOurHost(deps.env, request.headers.host)) throw notFoundError(request);
    if (request.method !== 'GET' && request.method !== 'HEAD' && originVerdict(deps, request.headers) === 'foreign') {
      throw new AppError(
        'FORBIDDEN',
        'This request came from another website and was refused. Open the app and try again.',
        { reason: 'cross_site_request' },
      );
    }
  };
}
