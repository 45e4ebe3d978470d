/**
 * One GET over node:http(s) with keep-alive, redirects and whole-body decoding. EdgarClient used
 * fetch (undici); at ingest rates its per-request machinery (web streams, abort signals, streaming
 * gunzip) cost more CPU than parsing the filing did. Bodies here are whole documents anyway, so
 * they are read in full and decompressed in one call.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

// Idle keep-alive sockets are unref'd by the agent: they never hold a process open.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

const MAX_REDIRECTS = 5;

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Decoded (gzip, deflate, br) body. */
  body: Buffer;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

function once(url: URL, headers: Record<string, string>, deadline: number): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(error);
    };
    const req = transport.request(url, { method: 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        try {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: decode(Buffer.concat(chunks), res.headers['content-encoding']),
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`timed out: ${url.toString()}`)),
      Math.max(0, deadline - Date.now()),
    );
    req.on('error', fail);
    req.end();
  });
}

/** GET with redirects followed (as fetch's redirect: 'follow'); rejects on network errors and the timeout. */
export async function httpGet(
  target: string,
  { headers, timeoutMs }: { headers: Record<string, string>; timeoutMs: number },
): Promise<HttpAnswer> {
  const deadline = Date.now() + timeoutMs;
  let url = new URL(target);
  for (let hop = 0; ; hop += 1) {
    const answer = await once(url, headers, deadline);
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location && hop < MAX_REDIRECTS) {
      url = new URL(location, url);
      continue;
    }
    return answer;
  }
}
