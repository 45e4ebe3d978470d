import { COPY } from './copy';
import type { FormType } from './forms';

/** The three brands of SPEC.md sections 1 and 9; one codebase, chosen by host name. */
export const BRAND_IDS = ['8k', 'form4', 'allfilings'] as const;
export type BrandId = (typeof BRAND_IDS)[number];
export const DEFAULT_BRAND: BrandId = '8k';

export type OnboardingStep = 'contact' | 'tickers' | 'forms' | 'preferences';

export interface BrandConfig {
  id: BrandId;
  brandName: string;
  tagline: string;
  /**
   * The whole product is the paid plan: free visitors get the pricing landing, no forms and no
   * chatbot (the all-filings brand). Otherwise free users follow `forms.available`.
   */
  paidOnly: boolean;
  forms: {
    default: FormType[];
    available: FormType[];
    hidden: FormType[];
    upsell: FormType[];
    primaryForm: FormType | null;
  };
  features: {
    billing: boolean;
    aiAnalysis: boolean;
    advancedFilters: boolean;
    exportCSV: boolean;
    priceAlerts: boolean;
    chatbot: boolean;
  };
  upgrades: { targetBrand: BrandId | null; unlocks: string[]; ctaText: string };
  onboarding: { steps: OnboardingStep[]; skipFormSelection: boolean; defaultTickerSuggestions: string[] };
  copy: {
    heroTitle: string;
    heroSubtitle: string;
    emptyStateTitle: string;
    emptyStateText: string;
    featureCards: { title: string; text: string }[];
  };
  ui: { primaryColor: string; accentColor: string; logoText: string };
}

const ALL_FORMS: FormType[] = ['8-K', '4', '10-Q', '10-K', '13D', '13G', '13F', 'DEF 14A', '3', '5', '6-K', '20-F'];
const hiddenExcept = (...shown: FormType[][]): FormType[] =>
  ALL_FORMS.filter((f) => !shown.some((list) => list.includes(f)));

const EIGHT_K_AVAILABLE: FormType[] = ['8-K'];
const EIGHT_K_UPSELL: FormType[] = ['4', '13D', '13G', '10-Q', '10-K'];
const FORM4_AVAILABLE: FormType[] = ['4'];
const FORM4_UPSELL: FormType[] = ['8-K', '13D', '13G', '10-Q', '10-K', '3', '5'];

export const BRANDS: Record<BrandId, BrandConfig> = {
  '8k': {
    id: '8k',
    brandName: '8-K Alerts',
    paidOnly: false,
    tagline: 'Material events from SEC 8-K filings, scored and explained, the moment they hit EDGAR.',
    forms: {
      default: ['8-K'],
      available: EIGHT_K_AVAILABLE,
      hidden: hiddenExcept(EIGHT_K_AVAILABLE, EIGHT_K_UPSELL),
      upsell: EIGHT_K_UPSELL,
      primaryForm: '8-K',
    },
    features: {
      billing: true,
      aiAnalysis: true,
      advancedFilters: false,
      exportCSV: false,
      priceAlerts: false,
      chatbot: false,
    },
    upgrades: {
      targetBrand: 'allfilings',
      unlocks: [
        'Form 4 insider trades',
        '13D/13G ownership stakes',
        '10-Q and 10-K financials',
        '50 tickers',
        'Real-time alerts',
      ],
      ctaText: 'Upgrade to PRO',
    },
    onboarding: {
      steps: ['contact', 'tickers', 'forms', 'preferences'],
      skipFormSelection: false,
      defaultTickerSuggestions: ['AAPL', 'NVDA', 'META', 'JPM', 'ADBE'],
    },
    copy: {
      heroTitle: 'Never miss a material event',
      heroSubtitle:
        'Bankruptcies, CEO departures, restatements, acquisitions: every 8-K for your tickers, ranked CRITICAL to LOW with the reasons spelled out.',
      emptyStateTitle: 'Track the 8-Ks that move your stocks',
      emptyStateText: 'Add a ticker and we will watch EDGAR for its 8-K filings.',
      featureCards: [
        {
          title: 'Straight from EDGAR',
          text: 'We poll EDGAR’s feed every second through the business day and publish our measured delay on /latency.',
        },
        {
          title: 'Scored and explained',
          text: 'Each 8-K item is ranked by how much it matters, with the rule that fired.',
        },
        { title: 'Email or SMS', text: 'Daily digest for free, real-time alerts with PRO.' },
      ],
    },
    ui: { primaryColor: '#1d4ed8', accentColor: '#0ea5e9', logoText: '8-K' },
  },
  form4: {
    id: 'form4',
    brandName: 'Insider Trades Alerts',
    paidOnly: false,
    tagline: 'Know when executives and directors buy or sell their own stock.',
    forms: {
      default: ['4'],
      available: FORM4_AVAILABLE,
      hidden: hiddenExcept(FORM4_AVAILABLE, FORM4_UPSELL),
      upsell: FORM4_UPSELL,
      primaryForm: '4',
    },
    features: {
      billing: false,
      aiAnalysis: true,
      advancedFilters: false,
      exportCSV: false,
      priceAlerts: false,
      chatbot: false,
    },
    upgrades: {
      targetBrand: 'allfilings',
      unlocks: ['8-K material events', '13D/13G ownership stakes', 'Forms 3 and 5', '50 tickers', 'Real-time alerts'],
      ctaText: 'Get every filing',
    },
    onboarding: {
      steps: ['contact', 'tickers'],
      skipFormSelection: true,
      defaultTickerSuggestions: ['TSLA', 'NVDA', 'AAPL', 'GOOGL', 'AMD'],
    },
    copy: {
      heroTitle: 'Follow the insiders',
      heroSubtitle:
        'Open-market buys, planned sales, option exercises: every Form 4 for your tickers, with who traded, how many shares and at what price.',
      emptyStateTitle: 'See who is trading inside your companies',
      emptyStateText: 'Add a ticker and we will watch EDGAR for its Form 4 filings.',
      featureCards: [
        { title: 'Every insider trade', text: 'Officers, directors and 10% owners, parsed from the Form 4 itself.' },
        {
          title: 'Buys ranked above sales',
          text: 'Open-market purchases and insider clusters score highest; 10b5-1 plan sales lowest.',
        },
        { title: 'Insider profiles', text: 'Each insider’s trades across companies in one place.' },
      ],
    },
    ui: { primaryColor: '#047857', accentColor: '#10b981', logoText: 'F4' },
  },
  allfilings: {
    id: 'allfilings',
    brandName: 'SEC Filings Pro',
    paidOnly: true,
    tagline: 'Every SEC filing for your watchlist, scored and explained, in real time.',
    forms: {
      default: ['8-K', '4', '13D', '13G', '10-Q', '10-K'],
      available: ['8-K', '4', '10-Q', '10-K', '13D', '13G', '13F', 'DEF 14A', '3', '5', '6-K', '20-F'],
      hidden: [],
      upsell: [],
      primaryForm: null,
    },
    features: {
      billing: true,
      aiAnalysis: true,
      advancedFilters: true,
      exportCSV: true,
      priceAlerts: true,
      chatbot: true,
    },
    upgrades: {
      targetBrand: null,
      unlocks: ['NEW_LISTINGS discovery', 'Ticker add-ons'],
      ctaText: COPY.startSubscription,
    },
    onboarding: {
      steps: ['contact', 'tickers', 'forms', 'preferences'],
      skipFormSelection: false,
      defaultTickerSuggestions: ['AAPL', 'AMZN', 'NVDA', 'TSLA', 'META'],
    },
    copy: {
      heroTitle: 'All filings. One watchlist.',
      heroSubtitle:
        '8-Ks, insider trades, 13D/13G stakes, 10-Q/10-K and more for up to 50 tickers, with real-time email and SMS alerts.',
      emptyStateTitle: 'Your complete SEC filing monitor',
      emptyStateText: 'Subscribe to follow every filing type for up to 50 tickers.',
      featureCards: [
        { title: 'Every form type', text: '8-K, 4, 10-Q, 10-K, 13D, 13G, 13F, DEF 14A, 3, 5, 6-K and 20-F.' },
        { title: 'Real-time alerts', text: 'Email and SMS the moment a filing is scored.' },
        { title: 'AI analysis', text: 'A plain-language read of each filing on top of the rule-based score.' },
      ],
    },
    ui: { primaryColor: '#6d28d9', accentColor: '#ad5ff7', logoText: 'SEC' },
  },
};

export function isBrandId(value: unknown): value is BrandId {
  return typeof value === 'string' && (BRAND_IDS as readonly string[]).includes(value);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Parses BRAND_HOSTS ("host=brand,host=brand"); unknown brands are rejected at start-up. */
export function parseBrandHosts(spec: string): Map<string, BrandId> {
  const map = new Map<string, BrandId>();
  for (const pair of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, brand] = pair.split('=').map((s) => s.trim().toLowerCase());
    if (!host || !isBrandId(brand)) throw new Error(`BRAND_HOSTS: "${pair}" is not host=8k|form4|allfilings`);
    map.set(host, brand);
  }
  return map;
}

/**
 * The brand for a request: the host map decides; on a local host a ?brand= (or the client's
 * X-Brand header) selects; otherwise the default 8-K brand.
 */
export function resolveBrand(params: {
  host: string | undefined;
  requested?: string | null;
  hostMap: Map<string, BrandId>;
}): BrandId {
  const host = (params.host ?? '').toLowerCase().replace(/:\d+$/, '');
  const mapped = params.hostMap.get(host);
  if (mapped) return mapped;
  if (LOCAL_HOSTS.has(host) && isBrandId(params.requested)) return params.requested;
  return DEFAULT_BRAND;
}

/**
 * Where each brand lives, as seen from the current request: the first mapped host of each brand
 * (keeping the request's scheme and port), or `/?brand=` on a local host; null when unreachable.
 */
export function brandLinks(params: {
  host: string | undefined;
  protocol: string;
  hostMap: Map<string, BrandId>;
}): Record<BrandId, string | null> {
  const [hostname = '', port] = (params.host ?? '').toLowerCase().split(/:(?=\d+$)/);
  const local = LOCAL_HOSTS.has(hostname);
  const links = {} as Record<BrandId, string | null>;
  for (const id of BRAND_IDS) {
    const mapped = [...params.hostMap].find(([, brand]) => brand === id)?.[0];
    if (mapped) links[id] = `${params.protocol}://${mapped}${port ? `:${port}` : ''}/`;
    else links[id] = local ? `/?brand=${id}` : null;
  }
  return links;
}

/**
 * Forms a user may follow on a brand: free users the brand's available set (none on a paid-only
 * brand); PRO everything.
 */
export function allowedForms(brand: BrandId, pro: boolean): FormType[] {
  if (pro) return [...ALL_FORMS, 'NEW_LISTINGS'];
  if (BRANDS[brand].paidOnly) return [];
  return [...BRANDS[brand].forms.available];
}

/** The brand's chatbot (the filing assistant): only where the brand has one, and PRO on a paid-only brand. */
export function chatbotAllowed(brand: BrandId, pro: boolean): boolean {
  const config = BRANDS[brand];
  return config.features.chatbot && (pro || !config.paidOnly);
}

/** Whether a brand sells subscriptions (the Form 4 brand does not; its Upgrade leads to `upgrades.targetBrand`). */
export function brandSellsPlans(brand: BrandId): boolean {
  return BRANDS[brand].features.billing;
}

/** Default selection in the add form; PRO adds NEW_LISTINGS. */
export function defaultForms(brand: BrandId, pro: boolean): FormType[] {
  const base = [...BRANDS[brand].forms.default];
  return pro ? [...base, 'NEW_LISTINGS'] : base;
}
