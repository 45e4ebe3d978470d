/**
 * The installable app (issue #31): /manifest.webmanifest (per brand: name, colour, icons), the
 * service worker /sw.js (JavaScript, revalidated on every load so an update reaches browsers at
 * once, scope '/'), and the icons under /icons/. Outside /api: browsers fetch them by these paths.
 */
import type { FastifyInstance } from 'fastify';
import { BRANDS } from '#shared/brands';
import type { AppDeps } from '../../deps';
import { requestBrand } from '../../transport/rest/brand';
import { appIconPng, type IconPurpose } from './app-icons';
import { SERVICE_WORKER_JS } from './service-worker';
import { vapidKeys } from './vapid';

const ICONS: Record<string, { size: number; purpose: IconPurpose }> = {
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'icon-maskable-512.png': { size: 512, purpose: 'maskable' },
  'apple-touch-icon.png': { size: 180, purpose: 'maskable' },
  'badge-96.png': { size: 96, purpose: 'badge' },
};

export async function pushRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  // Generated (or read) at start, so the first subscriber never waits and every instance agrees.
  await vapidKeys(deps);
  const drawn = new Map<string, Buffer>();

  app.get('/manifest.webmanifest', async (request, reply) => {
    const brand = BRANDS[requestBrand(deps, request)];
    const manifest = {
      id: '/',
      name: brand.brandName,
      short_name: brand.brandName,
      description: brand.tagline,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: brand.ui.primaryColor,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    };
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'host')
      .send(JSON.stringify(manifest));
  });

  app.get('/sw.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .send(SERVICE_WORKER_JS),
  );

  app.get<{ Params: { name: string } }>('/icons/:name', async (request, reply) => {
    const icon = ICONS[request.params.name];
    if (!icon) return reply.status(404).type('text/plain').send('Not found');
    const brand = requestBrand(deps, request);
    // Drawn once per brand and icon for this app's life (at most 3 x 5): a request must not cost a redraw.
    const key = `${brand}/${request.params.name}`;
    let png = drawn.get(key);
    if (!png) {
      png = appIconPng(icon.size, BRANDS[brand].ui.primaryColor, icon.purpose);
      drawn.set(key, png);
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').header('vary', 'host').send(png);
  });
}
