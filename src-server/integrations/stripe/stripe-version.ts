/**
 * The Stripe API version every request and every webhook endpoint uses: the version the pinned
 * `stripe` package (23.1.0) is typed for. Bump the package and this together, then create the
 * webhook endpoint on the same version (events are rendered in the endpoint's version).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;
