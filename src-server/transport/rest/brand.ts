import type { FastifyRequest } from 'fastify';
import { resolveBrand, type BrandId } from '#shared/brands';
import type { AppDeps } from '../../deps';
import { brandHostsOf } from '../../config/public-origins';

/** BRAND_HOSTS parsed once per app. */
export const brandHostsFor = (deps: Pick<AppDeps, 'env'>) => brandHostsOf(deps.env);

/** The brand of a plain HTTP request: host map, then ?brand= / X-Brand on local hosts. */
export function requestBrand(deps: AppDeps, request: FastifyRequest): BrandId {
  const query = request.query as Record<string, unknown> | undefined;
  const requested =
    (typeof query?.brand === 'string' ? query.brand : undefined) ?? (request.headers['x-brand'] as string | undefined);
  return resolveBrand({ host: request.headers.host, requested, hostMap: brandHostsFor(deps) });
}
