import type { FastifyRequest } from 'fastify';
import { parseBrandHosts, resolveBrand, type BrandId } from '../../core/brands';
import type { AppDeps } from '../../deps';

const hostMaps = new WeakMap<AppDeps, Map<string, import('../../core/brands').BrandId>>();

/** The brand of a plain HTTP request: host map, then ?brand= / X-Brand on local hosts. */
export function requestBrand(deps: AppDeps, request: FastifyRequest): BrandId {
  let map = hostMaps.get(deps);
  if (!map) {
    map = parseBrandHosts(deps.env.BRAND_HOSTS);
    hostMaps.set(deps, map);
  }
  const query = request.query as Record<string, unknown> | undefined;
  const requested = (typeof query?.brand === 'string' ? query.brand : undefined) ??
    (request.headers['x-brand'] as string | undefined);
  return resolveBrand({ host: request.headers.host, requested, hostMap: map });
}
