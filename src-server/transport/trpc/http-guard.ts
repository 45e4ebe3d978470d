import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/app-error';
import type { AppDeps } from '../../deps';
import { originVerdict } from '../caller';
import type { StreamLimits } from '../stream-limits';

/**
 * The /trpc door, before tRPC sees a request: a websocket upgrade from another site is refused
 * (its messages would otherwise run as whoever the page could reach); HTTP calls send JSON only
 * (tRPC would also take multipart/form-data, which a cross-site <form> can post) and never a
 * session in the URL (?connectionParams=). Websockets count against their address's open streams.
 */
export function registerTrpcGuard(app: FastifyInstance, deps: AppDeps, streams?: StreamLimits): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path !== '/trpc' && !path.startsWith('/trpc/')) return;
    if ((request.headers.upgrade ?? '').toLowerCase() === 'websocket') {
      if (originVerdict(deps, request.headers) === 'foreign') {
        throw new AppError('FORBIDDEN', 'Websocket connections are accepted only from the app itself.', {
          reason: 'cross_site_request',
        });
      }
      // A websocket holds a slot of its client address until it closes.
      if (streams) {
        const release = streams.acquire([{ scope: 'perIp', id: request.ip }]);
        request.raw.socket.once('close', release);
      }
      return;
    }
    if (/[?&]connectionParams=/.test(request.url)) {
      throw new AppError('BAD_REQUEST', 'Send the session in the X-Session header, never in the URL.', {
        reason: 'token_in_url',
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/json') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send tRPC calls as application/json.', {
          reason: 'unsupported_media_type',
        });
      }
    }
  });
}
