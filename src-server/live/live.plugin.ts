import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';

/** Ends live subscriptions and the hub's LISTEN when the app closes. */
export async function livePlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  app.addHook('onClose', () => opts.deps.live.stop());
}
