import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { publicUrl } from '../domains/auth/request-info';

/**
 * Headers on every response (@fastify/helmet): a CSP that runs only our own scripts (the
 * index.html's inline brand script carries the response's nonce) and no plugins, never framed,
 * style sheets only our own (inline style attributes allowed: decision 151);
 * nosniff; HSTS when PUBLIC_URL is https; no referrer beyond our own origin. Per-user JSON
 * (/api, /trpc) is `private, no-store` unless a route chose otherwise. Source maps stay off in
 * production.
 */
export async function registerSecurityHeaders(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const https = publicUrl(deps).startsWith('https:');
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Inline style attributes only (not <style> or scripts): the admin's email preview is a
        // sandboxed srcdoc frame, which inherits this policy, and emails carry their styles inline.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    // DENY, as frame-ancestors 'none' says (helmet's SAMEORIGIN default would contradict it for old browsers).
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    const api = path.startsWith('/api/') || path === '/trpc' || path.startsWith('/trpc/');
    if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  if (deps.env.NODE_ENV === 'production') {
    // The built SPA ships source maps for development; production does not serve them.
    app.addHook('onRequest', async (request, reply) => {
      if (/\.map$/i.test(request.url.split('?')[0] ?? ''))
        return reply.status(404).type('text/plain').send('Not found');
    });
  }
}
