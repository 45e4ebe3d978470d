/**
 * Sends one prepared Web Push request (RFC 8030: POST, TTL, Urgency, Topic, the aes128gcm body and
 * VAPID Authorization header that `web-push`'s generateRequestDetails builds) to a push service.
 * Our own transport rather than web-push's sendNotification: that one speaks only https and
 * resolves names by itself, where this one checks every address it connects to (endpoint-guard),
 * follows no redirect, gives up after a short timeout and keeps no more than the start of an answer.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { systemResolver } from '../address-policy';
import { addressAllowed, EndpointRefused, type GuardOptions, parseEndpoint } from './endpoint-guard';

export interface PushRequest {
  endpoint: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

export interface PushAnswer {
  status: number;
  /** The push message resource (RFC 8030 section 5: Location of a 201). */
  location: string | null;
  /** The first 200 characters of the body, for an error message. */
  text: string;
}

export const PUSH_TIMEOUT_MS = 10_000;

/** A `lookup` that refuses a connection to any address the guard does not allow (rebinding-safe). */
function guardedLookup(options: GuardOptions): LookupFunction {
  const resolve = options.resolve ?? systemResolver;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => !addressAllowed(a.address, options));
        if (addresses.length === 0 || bad) {
          callback(
            new EndpointRefused('private_address', 'The push endpoint resolved to a non-public address.'),
            '',
            4,
          );
          return;
        }
        if ((lookupOptions as { all?: boolean }).all) {
          (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, addresses);
        } else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

export function sendPushRequest(
  request: PushRequest,
  options: GuardOptions & { timeoutMs?: number },
): Promise<PushAnswer> {
  const url = parseEndpoint(request.endpoint, options);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': request.body?.length ?? 0 },
        // Literal addresses were judged by parseEndpoint; names are judged at every connect.
        ...(isIP(host) === 0 ? { lookup: guardedLookup(options) } : {}),
        timeout: options.timeoutMs ?? PUSH_TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 200) text += chunk.slice(0, 200 - text.length);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, text: text.trim() }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`push service did not answer within ${options.timeoutMs ?? PUSH_TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end(request.body ?? undefined);
  });
}
