export * from './users';
export * from './auth';
export * from './outbox';
export * from './companies';
export * from './watchlist';
export * from './filings';
export * from './quotes';
export * from './alerts';
