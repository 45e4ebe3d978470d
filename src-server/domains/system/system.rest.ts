import * as res from '../../transport/rest/response-schemas';
import { restTable } from '../../transport/rest/plugin';

/** Liveness and readiness for load balancers and orchestrators (503 when not). */
export const systemRest = restTable([
  {
    method: 'GET',
    path: '/health',
    procedure: 'system.health',
    tag: 'system',
    summary: 'Liveness: the process answers and the database answers a query',
    response: res.health,
    status: (body: { ok: boolean }) => (body.ok ? 200 : 503),
    otherResponses: { 503: { description: 'The database does not answer', schema: res.health } },
  },
  {
    method: 'GET',
    path: '/ready',
    procedure: 'system.ready',
    tag: 'system',
    summary: 'Readiness: database reachable, migrations applied, job queue running, not stopping',
    response: res.readiness,
    status: (body: { ready: boolean }) => (body.ready ? 200 : 503),
    otherResponses: { 503: { description: 'Not ready (see checks)', schema: res.readiness } },
  },
]);
