import type { RestRoutes } from '../../transport/rest/plugin';
import { latencyReport } from './latency.service';

export const latencyRest: RestRoutes = (app, deps) => {
  app.get('/latency', async () => latencyReport(deps.db, { mode: deps.edgar?.mode ?? (deps.env.EDGAR_USER_AGENT ? 'live' : 'replay') }));
};
