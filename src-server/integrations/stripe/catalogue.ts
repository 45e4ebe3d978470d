import type { StripeAccess } from './stripe-access';

export interface CataloguePrice {
  id: string;
  product: string;
  lookupKey: string;
  /** Cents per month. */
  unitAmount: number;
  currency: string;
}

export interface Catalogue {
  pro: CataloguePrice;
  addon: CataloguePrice;
}

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

const TTL_MS = 10 * 60 * 1000;
const cache = new WeakMap<StripeAccess, { at: number; value: Promise<Catalogue> }>();

async function load(access: StripeAccess): Promise<Catalogue> {
  const keys = [access.lookupKeys.pro, access.lookupKeys.addon];
  const prices = await access.client.prices.list({ lookup_keys: keys, active: true, limit: 10 });
  const pick = (lookupKey: string): CataloguePrice => {
    const price = prices.data.find((p) => p.lookup_key === lookupKey);
    if (!price || price.unit_amount == null || price.recurring?.interval !== 'month') {
      throw new CatalogueError(`Stripe has no active monthly price with lookup key "${lookupKey}"`);
    }
    const product = typeof price.product === 'string' ? price.product : price.product.id;
    return { id: price.id, product, lookupKey, unitAmount: price.unit_amount, currency: price.currency };
  };
  const catalogue = { pro: pick(access.lookupKeys.pro), addon: pick(access.lookupKeys.addon) };
  if (catalogue.pro.currency !== catalogue.addon.currency) {
    throw new CatalogueError('The PRO and add-on prices must share a currency to sit on one subscription');
  }
  return catalogue;
}

/** The PRO and add-on prices, found by lookup key (so test and live keys need no price ids); cached 10 minutes. */
export function catalogueOf(access: StripeAccess): Promise<Catalogue> {
  const hit = cache.get(access);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = load(access);
  cache.set(access, { at: Date.now(), value });
  value.catch(() => cache.delete(access));
  return value;
}
