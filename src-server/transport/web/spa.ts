import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { themedBrand } from '../../core/brand-theme';
import { BRANDS, brandLinks } from '../../core/brands';
import { escapeHtml } from '../../core/html';
import type { AppDeps } from '../../deps';
import { storedTheme } from '../../domains/theme/theme.service';
import { brandHostsFor, requestBrand } from '../rest/brand';
import { notFound } from '../rest/errors';

export interface PageMeta {
  title?: string;
  description?: string;
}

/** Per-route meta tags for link previews (e.g. public ticker pages); registered by domains. */
export type MetaResolver = (deps: AppDeps, request: FastifyRequest) => Promise<PageMeta | null>;

/**
 * Serves the built SPA: static assets, and index.html for every other GET outside /api and
 * /trpc, with the brand resolved here so the first paint is already branded.
 */
export async function registerSpa(
  app: FastifyInstance,
  deps: AppDeps,
  options: { metaResolvers?: MetaResolver[] } = {},
): Promise<boolean> {
  const root = resolve(deps.env.WEB_DIST_DIR);
  const indexPath = resolve(root, 'index.html');
  if (!existsSync(indexPath)) return false;
  const template = readFileSync(indexPath, 'utf8');
  const hostMap = brandHostsFor(deps);

  await app.register(fastifyStatic, { root, index: false, wildcard: false, maxAge: '1h', immutable: false });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || path.startsWith('/api') || path.startsWith('/trpc')) {
      return notFound(request, reply);
    }
    // Missing hashed assets must 404, not receive the HTML shell.
    if (path.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    const brand = requestBrand(deps, request);
    let meta: PageMeta | null = null;
    for (const resolver of options.metaResolvers ?? []) {
      meta = await resolver(deps, request);
      if (meta) break;
    }
    // An admin's stored theme (/admin/theme) over the code default, so the first paint has it.
    const theme = await storedTheme(deps.db, { brand });
    const config = themedBrand(BRANDS[brand], theme);
    const title = meta?.title ?? `${config.brandName} — ${config.tagline}`;
    const description = meta?.description ?? config.copy.heroSubtitle;
    const html = template
      .replace(/<title>.*?<\/title>/s, `<title>${escapeHtml(title)}</title>`)
      .replace(
        '<!--app-head-->',
        `<meta name="description" content="${escapeHtml(description)}" />` +
          `<meta property="og:title" content="${escapeHtml(title)}" />` +
          `<meta property="og:description" content="${escapeHtml(description)}" />` +
          `<script nonce="${reply.cspNonce.script}">window.__BRAND__=${JSON.stringify(brand)};window.__BRAND_THEME__=${JSON.stringify(theme).replace(/</g, '\\u003c')};window.__BRAND_LINKS__=${JSON.stringify(
            brandLinks({ host: request.headers.host, protocol: request.protocol, hostMap }),
          ).replace(/</g, '\\u003c')}</script>`,
      );
    return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
  return true;
}
