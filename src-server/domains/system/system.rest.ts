import type { RestRoutes } from '../../transport/rest/plugin';
import { checkHealth } from './system.service';

export const systemRest: RestRoutes = (app, deps) => {
  app.get('/health', async (_request, reply) => {
    const health = await checkHealth(deps.db);
    return reply.status(health.ok ? 200 : 503).send(health);
  });
};
