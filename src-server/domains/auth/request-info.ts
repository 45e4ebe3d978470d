import type { BrandId } from '#shared/brands';
import type { AppDeps } from '../../deps';
import { brandBaseOf, brandHostsOf, publicUrlOf } from '../../config/public-origins';
import type { Messenger, RequestInfo } from './login.service';

export function publicUrl(deps: Pick<AppDeps, 'env'>): string {
  return publicUrlOf(deps.env);
}

/** Where links in a message to a user of `brand` point (their brand's host, decision 290). */
export function brandLinkBase(deps: Pick<AppDeps, 'env'>, brand: string): string {
  return brandBaseOf(deps.env, brand);
}

/**
 * The origin for links in emails and texts: the brand host the caller is on when it is one of
 * BRAND_HOSTS (so the session cookie lands on that host), else the host of the caller's brand
 * (PUBLIC_URL when none is mapped). Never an arbitrary Host header: a forged Host must not turn
 * sign-in links into links to someone else's site.
 */
export function linkBaseFor(deps: AppDeps, host: string | undefined, brand?: BrandId): string {
  const map = brandHostsOf(deps.env);
  const base = publicUrl(deps);
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  if (hostname && map.has(hostname)) return `${new URL(base).protocol}//${host!.toLowerCase()}`;
  return brand ? brandLinkBase(deps, brand) : base;
}

/**
 * Where a browser is sent back to after Stripe's pages: like linkBaseFor, and also the exact
 * local origin the caller used on this machine (localhost, 127.0.0.1, [::1] with their port),
 * which only ever sends that caller back to their own machine.
 */
export function returnBaseFor(deps: AppDeps, host: string | undefined): string {
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  if (['localhost', '127.0.0.1', '[::1]'].includes(hostname) && /^[\w.[\]:-]+$/.test(host ?? ''))
    return `http://${host!.toLowerCase()}`;
  return linkBaseFor(deps, host);
}

export function requestInfo(
  deps: AppDeps,
  params: { brand: BrandId; host: string | undefined; ip: string | null; userAgent: string | null },
): RequestInfo {
  return {
    brand: params.brand,
    ip: params.ip,
    userAgent: params.userAgent,
    linkBase: linkBaseFor(deps, params.host, params.brand),
  };
}

export function messengerFor(deps: AppDeps): Messenger {
  return { mailer: deps.mailer, sms: deps.sms };
}

export function supportEmailFor(deps: AppDeps): string {
  return deps.env.SUPPORT_EMAIL ?? deps.env.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? deps.env.MAIL_FROM;
}
