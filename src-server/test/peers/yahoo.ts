import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A loopback Yahoo Finance that speaks the v7 quote wire format: `/` sets the anonymous cookie,
 * `/v1/test/getcrumb` answers the crumb for that cookie, `/v7/finance/quote` answers Yahoo's
 * recorded real result objects (src-server/test/fixtures/quotes) for the symbols asked and
 * omits unknown ones, as Yahoo does. A wrong crumb gets Yahoo's 401 "Invalid Crumb".
 */
export interface YahooPeer {
  /** http://127.0.0.1:PORT for QUOTES_YAHOO_BASE_URL. */
  url: string;
  /** Symbols of each quote call that got an answer. */
  readonly quoteCalls: string[][];
  readonly userAgents: string[];
  /** Symbols the peer can answer (from the recordings). */
  readonly known: string[];
  /** Invalidates the crumb, as Yahoo does when the cookie expires. */
  rotateCrumb(): void;
  /** While down, every call answers 503. */
  setDown(down: boolean): void;
  /** Quote calls wait until the returned function is called (a slow provider). */
  hold(): () => void;
  /** Quote calls received and not answered yet. */
  readonly waiting: number;
  close(): Promise<void>;
}

const FIXTURES = fileURLToPath(new URL('../fixtures/quotes/', import.meta.url));

function recordedResults(): Map<string, unknown> {
  const bySymbol = new Map<string, unknown>();
  // Single-symbol recordings first, so AAPL comes from quote-AAPL.json rather than the pair.
  const files = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => a.length - b.length);
  for (const file of files) {
    const recording = JSON.parse(readFileSync(FIXTURES + file, 'utf8')) as {
      response: { bodyJson: { quoteResponse: { result: { symbol: string }[] } } };
    };
    for (const result of recording.response.bodyJson.quoteResponse.result) {
      if (!bySymbol.has(result.symbol)) bySymbol.set(result.symbol, result);
    }
  }
  return bySymbol;
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startYahooPeer(): Promise<YahooPeer> {
  const results = recordedResults();
  const cookie =
    'A3=d=AQABBKvcsWcCEIGLkyl67hr2YX7XekV46j4FEgABCAErs2fZZ_bPb2UB9qMAAAcIq9yxZ63aZoI&S=AQAAAtFJa---IoVh8DRgGhGzVr4';
  let crumb = 'haT3oykhHqZ';
  let down = false;
  let gate: Promise<void> = Promise.resolve();
  let waiting = 0;
  const quoteCalls: string[][] = [];
  const userAgents: string[] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    userAgents.push(String(request.headers['user-agent'] ?? ''));
    if (down) return json(response, 503, { error: 'unavailable' });
    const hasCookie = String(request.headers.cookie ?? '').includes(cookie);
    if (url.pathname === '/') {
      response.writeHead(404, {
        'set-cookie': `${cookie}; Expires=Wed, 17 Feb 2027 10:54:49 GMT; Max-Age=31557600; Domain=.yahoo.com; Path=/; SameSite=None; Secure; HttpOnly`,
      });
      return response.end();
    }
    if (url.pathname === '/v1/test/getcrumb') {
      if (!hasCookie)
        return json(response, 401, {
          finance: { result: null, error: { code: 'Unauthorized', description: 'Invalid Cookie' } },
        });
      response.writeHead(200, { 'content-type': 'text/plain;charset=utf-8' });
      return response.end(crumb);
    }
    if (url.pathname === '/v7/finance/quote') {
      if (!hasCookie || url.searchParams.get('crumb') !== crumb) {
        return json(response, 401, {
          finance: { result: null, error: { code: 'Unauthorized', description: 'Invalid Crumb' } },
        });
      }
      waiting += 1;
      await gate;
      waiting -= 1;
      const symbols = (url.searchParams.get('symbols') ?? '').split(',').filter(Boolean);
      quoteCalls.push(symbols);
      const found = symbols.flatMap((s) => (results.has(s) ? [results.get(s)] : []));
      return json(response, 200, { quoteResponse: { result: found, error: null } });
    }
    return json(response, 404, {
      finance: { result: null, error: { code: 'Not Found', description: 'HTTP 404 Not Found' } },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    quoteCalls,
    userAgents,
    known: [...results.keys()],
    rotateCrumb: () => {
      crumb = `${crumb}x`;
    },
    setDown: (value) => {
      down = value;
    },
    hold: () => {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    get waiting() {
      return waiting;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
