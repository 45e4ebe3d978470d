/**
 * POSTs a webhook without letting a user's URL reach inside our network (decision 312): the
 * host is resolved and every address checked (../address-policy.ts); the socket then connects to
 * the checked address through a custom `lookup`, so a second DNS answer (rebinding) is never
 * used, and the connected peer is checked again. No redirects are followed, the whole exchange
 * has a short deadline, and the response body is drained unread (only its status is kept).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DeliveryError } from '../delivery-error';
import { checkHost, type HostPolicy, KIND_WORDS, refusedKind } from '../address-policy';

export type TargetPolicy = HostPolicy;

/** A URL a user may not use, with the reason in words (a 400 at creation, a permanent failure at delivery). */
export class RefusedTarget extends Error {
  override name = 'RefusedTarget';
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** The URL parsed and its host resolved to one checked address, or RefusedTarget. */
export async function checkTarget(
  raw: string,
  policy: TargetPolicy,
): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTarget('Enter a full URL starting with https://', 'url_invalid');
  }
  const plainHttp = url.protocol === 'http:';
  if (!plainHttp && url.protocol !== 'https:')
    throw new RefusedTarget('The URL must start with https://', 'url_not_https');
  if (plainHttp && !policy.allowLoopback) throw new RefusedTarget('The URL must start with https://', 'url_not_https');
  if (url.username || url.password)
    throw new RefusedTarget('The URL must not carry a user name or password.', 'url_credentials');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const checked = await checkHost(hostname, policy);
  if ('refused' in checked) {
    if (checked.refused === 'lookup_failed')
      throw new RefusedTarget(`${hostname} could not be resolved.`, 'host_unresolved');
    if (checked.refused === 'no_address')
      throw new RefusedTarget(`${hostname} does not resolve to any address.`, 'host_unresolved');
    // The address itself is not named: the message must not map our internal network (review 31).
    throw new RefusedTarget(
      `${hostname} resolves to a refused address (${KIND_WORDS[checked.refused]}); webhooks go only to public addresses.`,
      `target_${checked.refused.replace('-', '_')}`,
    );
  }
  const found = checked.addresses;
  const first = found[0]!;
  const loopback = refusedKind(first.address, { allowLoopback: false }) === 'loopback';
  // Plain HTTP only to a loopback test receiver (WEBHOOKS_ALLOW_LOOPBACK): everything else is HTTPS.
  if (plainHttp && !loopback) {
    throw new RefusedTarget('The URL must start with https://', 'url_not_https');
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface PostResult {
  status: number;
}

/** Status codes worth another try later; any other 4xx (and a redirect) will not change by retrying. */
const RETRYABLE = new Set([408, 425, 429]);

/**
 * POSTs `body` to the checked target. Resolves with the status of a 2xx answer; throws a
 * DeliveryError (providerCode: the HTTP status, or a network error code) otherwise.
 */
export async function safePost(
  raw: string,
  request: { body: string; headers: Record<string, string>; timeoutMs: number },
  policy: TargetPolicy,
): Promise<PostResult> {
  let target: Awaited<ReturnType<typeof checkTarget>>;
  try {
    target = await checkTarget(raw, policy);
  } catch (error) {
    if (error instanceof RefusedTarget)
      throw new DeliveryError(error.message, { permanent: true, providerCode: error.reason });
    throw error;
  }
  const status = await send(target, request, policy);
  if (status >= 200 && status < 300) return { status };
  const permanent = status < 500 && !RETRYABLE.has(status);
  const what = status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`;
  throw new DeliveryError(`The webhook answered ${what}.`, { permanent, providerCode: status });
}

function send(
  target: { url: URL; address: string; family: 4 | 6 },
  request: { body: string; headers: Record<string, string>; timeoutMs: number },
  policy: TargetPolicy,
): Promise<number> {
  // The socket connects to the address checked above, never to a fresh DNS answer.
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const fail = (message: string, code: string) =>
      reject(new DeliveryError(message, { permanent: false, providerCode: code }));
    const req = client.request(target.url, {
      method: 'POST',
      lookup: pinned,
      agent: false,
      headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body).toString() },
      timeout: request.timeoutMs,
    });
    const deadline = setTimeout(() => req.destroy(new Error('deadline')), request.timeoutMs);
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        // Checked again at connect time: the peer we reached must be an allowed address.
        const peer = socket.remoteAddress ?? '';
        if (refusedKind(peer, policy))
          req.destroy(Object.assign(new Error('refused address'), { code: 'refused_address' }));
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('response', (res) => {
      clearTimeout(deadline);
      // Never read nor stored: only the status counts. The socket is closed at once (agent: false, so
      // it is never reused), so an endless or trickling body cannot hold it past the deadline.
      res.on('error', () => {});
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      const timedOut = error.message === 'timeout' || error.message === 'deadline';
      fail(
        timedOut
          ? `The webhook did not answer within ${request.timeoutMs} ms.`
          : error.code === 'refused_address'
            ? 'Could not reach the webhook: it connected to a refused address.'
            : `Could not reach the webhook: ${error.code ?? 'network error'}`,
        timedOut ? 'timeout' : (error.code ?? 'network'),
      );
    });
    req.end(request.body);
  });
}
