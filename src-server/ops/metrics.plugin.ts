import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { bearerTokenFrom } from '../transport/request-meta';
import { notFound } from '../transport/rest/errors';

function sameToken(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * HTTP latency by route pattern for every request, and GET /metrics (Prometheus text format)
 * for a scraper presenting `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN the
 * route does not exist (404 like any unknown path); a wrong token is a 404 too, so probing
 * learns nothing.
 */
export async function metricsPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { metrics, env } = opts.deps;
  if (!metrics) return;
  metrics.sources.liveSubscribers = () => opts.deps.live.subscriberCount;
  metrics.sources.websockets = () => app.websocketServer?.clients.size ?? 0;
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label, so scanners cannot blow up the series count.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const token = env.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!sameToken(bearerTokenFrom(request.headers), token)) return notFound(request, reply);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
// Not encapsulated (what fastify-plugin does): the latency hook must see every route of the app.
(metricsPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
