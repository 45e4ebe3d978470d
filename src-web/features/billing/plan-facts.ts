import { allowedForms, type BrandId } from '#shared/brands';
import { formLabel, FORM_TYPES } from '#shared/forms';
import {
  ADDON_PACK_PRICE_USD,
  ADDON_PACK_TICKERS,
  ALL_FILINGS_PLAN_PRICE_USD,
  FREE_TICKER_LIMIT,
  PRO_TICKER_LIMIT,
} from '#shared/plans';

/** What each plan includes, derived from the shared plan constants and the brand's forms. */
export function planFeatures(brand: BrandId) {
  const free = allowedForms(brand, false);
  const freeForms =
    free.length > 0 ? free.map((f) => `${f === '4' ? 'Form 4' : f} (${formLabel(f)})`).join(', ') : null;
  return {
    free: {
      name: 'Free',
      price: '$0',
      period: 'forever',
      features: [
        `Up to ${FREE_TICKER_LIMIT} tickers`,
        freeForms ? `${freeForms} filings` : 'Filings need the PRO plan on this product (our sister tools are free)',
        'Importance score with the reasons for every filing',
        'Daily email or SMS digest once your contact is verified',
      ],
    },
    pro: {
      name: 'PRO',
      price: `$${ALL_FILINGS_PLAN_PRICE_USD}`,
      period: 'per month, cancel anytime',
      features: [
        `Up to ${PRO_TICKER_LIMIT} tickers`,
        `Every form type: ${FORM_TYPES.filter((f) => !('proOnly' in f))
          .map((f) => f.value)
          .join(', ')}`,
        'NEW_LISTINGS discovery: IPOs and new fundraising (S-1, Form D, 424B4)',
        'Real-time email and SMS alerts instead of the daily digest',
        'Live dashboard: new filings appear without reloading',
        'AI analysis of each filing in plain language',
      ],
    },
    addon: {
      name: 'Ticker add-on',
      price: `$${ADDON_PACK_PRICE_USD}`,
      period: 'per month, per pack',
      features: [
        `+${ADDON_PACK_TICKERS} tickers on top of your PRO limit`,
        'Buy as many packs as you need',
        'For PRO subscribers, in Settings → Ticker Add-ons',
      ],
    },
  };
}
