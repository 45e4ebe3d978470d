/**
 * Child process of bench:watchlist, so the servers never share an event loop with the load
 * generator. `app`: the real app (buildApp + production wiring) on DATABASE_URL; `baseline`: a
 * bare Fastify answering one small JSON object, and at /static the JSON file given as the next
 * argument (a real watchlist response: what sending that many bytes costs by itself); when a
 * third argument names a JSON array of base64 bodies, /bodies answers session `bench-session-N`
 * with body N-1 as br (each user's real compressed response, no work: the load generator's ceiling).
 * Prints the port, then serves until killed.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src-server/app';
import { loadEnv } from '../../src-server/config/env';
import { connectDatabase } from '../../src-server/db/client';
import { createRuntimeDeps } from '../../src-server/runtime-deps';

const mode = process.argv[2];
let app: FastifyInstance;
if (mode === 'baseline') {
  app = Fastify({ logger: false });
  app.get('/baseline', async () => ({ ok: true, tickerLimit: 50 }));
  const body = readFileSync(process.argv[3]!, 'utf8');
  app.get('/static', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  if (process.argv[4]) {
    const bodies = (JSON.parse(readFileSync(process.argv[4], 'utf8')) as string[]).map((b) => Buffer.from(b, 'base64'));
    app.get('/bodies', async (request, reply) => {
      const n = Number(/^bench-session-(\d+)$/.exec(String(request.headers['x-session']))?.[1] ?? 0);
      return reply
        .header('vary', 'Accept-Encoding')
        .header('content-encoding', 'br')
        .type('application/json; charset=utf-8')
        .send(bodies[n - 1] ?? bodies[0]);
    });
  }
} else {
  const env = loadEnv();
  const database = connectDatabase(env.DATABASE_URL!, { max: 20 });
  app = await buildApp(await createRuntimeDeps(env, database, pino({ level: 'silent' })));
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().finally(() => process.exit(0)));
