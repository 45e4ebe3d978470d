/** The spec's copy strings, word for word, in one place for server and web. */
import { ADDON_PACK_PRICE_USD, ADDON_PACK_TICKERS, PRO_TICKER_LIMIT } from './plans';

export const COPY = {
  footerDisclaimer: 'provided as is, not investment advice',
  loading: 'Loading...',
  errorTitle: 'Something went wrong',
  errorText: 'We encountered an unexpected error. Please try refreshing the page or going back to the homepage.',
  errorTryAgain: 'Try Again',
  errorGoHome: 'Go to Homepage',

  addFirstTicker: 'Add Your First Ticker',
  startSubscription: 'Start Subscription',
  addTickers: 'Add Tickers',
  addTickerBanner: (ticker: string) => `Add ${ticker} to your watchlist to see filings`,
  startReceivingAlerts: 'Start Receiving Alerts',
  verifyNow: 'Verify Now',
  addContactInfo: 'Add Contact Info',
  unlockPro: 'Unlock PRO Features',
  anonymous: 'Anonymous',

  emptyWatchlistTitle: 'No tickers in your watchlist yet.',
  emptyWatchlistText: 'Add your first ticker to start tracking SEC filings.',
  noFilterMatches: 'No tickers match your filters',
  notInWatchlist: (t: string) => `"${t}" is not in your watchlist`,
  addToWatchlist: (t: string) => `Add ${t} to Watchlist`,
  showingXofY: (x: number, y: number) => `Showing ${x} of ${y} tickers`,
  noRecentForm: (form: string) => `No recent ${form} filings`,
  noRecentActivity: 'No recent activity',
  incompleteData: '(incomplete data)',
  needMoreTickers: 'Need More Tickers?',
  tickerLimitReached: (limit: number) => `You've reached your ${limit} ticker limit`,

  enterTicker: 'Please enter a ticker symbol or company name',
  selectForm: 'Please select at least one form type',
  limitExceeded: (n: number, limit: number) => `Adding ${n} ticker(s) would exceed your limit of ${limit}.`,
  limitHintPaid: `Buy +${ADDON_PACK_TICKERS} more tickers for $${ADDON_PACK_PRICE_USD}/month in Settings → Ticker Add-ons.`,
  limitHintFree: `Upgrade to PRO for up to ${PRO_TICKER_LIMIT} tickers.`,
  addFailed: 'Failed to add ticker. Please try again.',
  tickerNotRecognized: 'Ticker symbol not recognized. Please check the spelling or try a different symbol.',
  adding: 'Adding...',
  addedN: (n: number) => `✅ ${n} ticker${n === 1 ? '' : 's'} added`,
  updatedN: (n: number) => `${n} updated`,
  skippedN: (n: number) => `${n} skipped (invalid)`,
  watchlistUpdated: '✅ Watchlist updated!',

  contactRequired: 'Please enter your contact information',
  sessionNotFound: 'Session not found. Please refresh the page.',
  contactFailed: 'Failed to add contact info',
  verificationEmailSent: 'Verification Email Sent!',
  verificationTextSent: 'Verification Text Sent!',

  loginSendFailed: 'Failed to send verification code',
  loginNoSession: 'No session returned from verification',
  loginInvalidCode: 'Invalid verification code',
  checkEmail: 'Check your email!',

  viewPricing: 'View Pricing',
  tryPro: 'Try PRO',
  newListingsDiscovery: 'NEW_LISTINGS Discovery',
  newListingsLocked: 'Included with PRO.',
  selectAll: 'Select All',
  unselectAll: 'Unselect All',
  clearAll: 'Clear All',

  contactTitleAdd: 'Add Contact Information',
  contactTitleUpdate: 'Update Contact Information',
  clearEmail: 'Clear Email',
  clearPhone: 'Clear Phone',
  gotIt: 'Got it!',

  detectedEmail: 'Detected: Email',
  sendVerificationCode: 'Send Verification Code',
  verifyAndSignIn: 'Verify & Sign In',

  tradingModalTitle: 'Set Up Trading Platform',
  selectPlatform: 'Please select a trading platform',
  customUrlNeedsTicker: 'Custom URL must contain {TICKER} placeholder',
  invalidPlatform: 'Invalid platform selected',
} as const;

/** 'Adding N ticker(s) would exceed your limit of L.' plus the plan's hint. */
export function limitExceededMessage(params: { adding: number; limit: number; paidPlan: boolean }): string {
  const hint = params.paidPlan ? COPY.limitHintPaid : COPY.limitHintFree;
  return `${COPY.limitExceeded(params.adding, params.limit)} ${hint}`;
}
