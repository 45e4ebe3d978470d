/** The guarded admin routes of SPEC.md section 2 (/admin/{id}), with their navigation labels. */
export const ADMIN_SECTIONS = [
  'users',
  'tickers',
  'filings',
  'notifications',
  'theme',
  'activity',
  'stripe-setup',
  'message-templates',
  'duplicates',
  'ai-feedback',
  'insiders',
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const ADMIN_SECTION_LABELS: Record<AdminSection, string> = {
  users: 'Users',
  tickers: 'Tickers',
  filings: 'Filings',
  notifications: 'Notifications',
  theme: 'Theme',
  activity: 'Activity',
  'stripe-setup': 'Stripe setup',
  'message-templates': 'Message templates',
  duplicates: 'Duplicates',
  'ai-feedback': 'AI feedback',
  insiders: 'Insiders',
};
