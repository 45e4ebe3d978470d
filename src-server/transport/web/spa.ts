import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { themedBrand } from '#shared/brand-theme';
import { BRANDS, brandLinks } from '#shared/brands';
import type { AppDeps } from '../../deps';
import { storedTheme } from '../../domains/theme/theme.service';
import { brandHostsFor, requestBrand } from '../rest/brand';
import { notFound } from '../rest/errors';
import { renderShell } from './page-shell';

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
    const html = renderShell(template, {
      title,
      description,
      nonce: reply.cspNonce.script,
      globals: {
        BRAND: brand,
        BRAND_THEME: theme,
        BRAND_LINKS: brandLinks({ host: request.headers.host, protocol: request.protocol, hostMap }),
      },
    });
    return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
  return true;
}
