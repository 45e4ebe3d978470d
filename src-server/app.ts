import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginOptions,
  type FastifyRegisterOptions,
} from 'fastify';
import type { AppDeps } from './deps';
import { alertLinkRoutes } from './domains/alerts/alerts.routes';
import { pushRoutes } from './domains/push/push.routes';
import { devOutboxRoutes } from './domains/auth/dev-outbox.routes';
import { tickerMetaResolver } from './domains/ticker-pages/ticker-pages.meta';
import { livePlugin } from './live/live.plugin';
import { logFormat, requestLogLevel } from './ops/logger';
import { metricsPlugin } from './ops/metrics.plugin';
import { trackRoutes } from './transport/rest/openapi';
import { notFound, restErrorHandler } from './transport/rest/errors';
import { REST_ROUTES } from './rest-routes';
import { restPlugin } from './transport/rest/plugin';
import { procedurePaths } from './transport/rest/table';
import { appRouter, type AppRouter } from './transport/trpc/app-router';
import { TRPC_MAX_BATCH } from '#shared/trpc-batch';
import { makeContextFactory } from './transport/trpc/context';
import { registerTrpcGuard } from './transport/trpc/http-guard';
import { StreamLimits } from './transport/stream-limits';
import { registerSecurityHeaders } from './transport/security-headers';
import { createCallerFactory } from './transport/trpc/init';
import { stripeWebhookRoutes } from './transport/webhooks/stripe';
import { registerSpa } from './transport/web/spa';
import { billingModeOf } from './integrations/stripe/stripe-access';

/** Builds the Fastify app (tRPC over HTTP + ws, REST /api, SPA) without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 256 * 1024,
    trustProxy: deps.env.TRUST_PROXY,
    // One line per request (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  trackRoutes(app);
  // tRPC and the REST table build their context with this one function.
  const streams = new StreamLimits({
    perSocket: deps.env.STREAMS_PER_SOCKET,
    perIp: deps.env.STREAMS_PER_IP,
    perUser: deps.env.STREAMS_PER_USER,
  });
  const createContext = makeContextFactory(deps, { streams });
  const requestLevel = requestLogLevel(logFormat(deps.env));
  app.addHook('onResponse', async (request, reply) => {
    request.log[requestLevel](
      { req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Routes outside /api (emailed links, /dev/outbox, the SPA) fail like /api does: Fastify's
  // default handler would put an internal error's message in the 500 body.
  app.setErrorHandler(restErrorHandler);

  await registerSecurityHeaders(app, deps);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // After the websocket plugin's own onRequest hook, so a refused upgrade's socket is closed by it.
  registerTrpcGuard(app, deps, streams);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    useWSS: true,
    trpcOptions: {
      router: appRouter,
      createContext,
      // One HTTP request must not fan out into hundreds of procedure calls (the web app sends fewer).
      maxBatchSize: TRPC_MAX_BATCH,
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'trpc failure');
      },
      // Read by the websocket handler; the HTTP handler's option type does not declare it.
      ...{ keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 } },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  await registerOwn(app, deps, [metricsPlugin]);
  await registerTyped(app, restPlugin, {
    prefix: '/api',
    deps,
    routes: REST_ROUTES,
    scope: {
      createContext: createContext as never,
      createCaller: createCallerFactory(appRouter) as never,
      procedures: procedurePaths(appRouter),
    },
  });
  const devOutbox = deps.env.NODE_ENV !== 'production' ? [devOutboxRoutes] : [];
  await registerOwn(app, deps, [stripeWebhookRoutes, alertLinkRoutes, livePlugin, pushRoutes, ...devOutbox]);
  if (billingModeOf(deps.env) === 'local') {
    // Development only, loaded on demand so it is not part of the production build (dist/server).
    const { connectLocalStripe, devCheckoutRoutes } = await import('./domains/billing/dev-checkout.routes');
    await registerOwn(app, deps, [devCheckoutRoutes]);
    // The local test checkout's Stripe delivers its events to this app's own webhook route.
    app.addHook('onListen', () =>
      connectLocalStripe(app, deps).catch((err: unknown) =>
        app.log.error({ err }, 'connecting the local Stripe failed'),
      ),
    );
  }
  app.addHook('onClose', async () => {
    await deps.plans.stop();
    await deps.stripe.close();
  });
  const spa = await registerSpa(app, deps, { metaResolvers: [tickerMetaResolver] });
  if (!spa) app.setNotFoundHandler(notFound);
  return app;
}

/**
 * Registers an async plugin through its async type: Fastify's register is overloaded for callback
 * and async plugins, and Biome's promise rules read a bare async function as the callback kind.
 */
async function registerTyped<O extends FastifyPluginOptions>(
  app: FastifyInstance,
  plugin: FastifyPluginAsync<O>,
  opts: FastifyRegisterOptions<O>,
) {
  await app.register(plugin, opts);
}

/** Our own plugins, registered in order, each given the process's dependencies. */
async function registerOwn(app: FastifyInstance, deps: AppDeps, plugins: FastifyPluginAsync<{ deps: AppDeps }>[]) {
  for (const plugin of plugins) await registerTyped(app, plugin, { deps });
}
