export * from './users';
export * from './companies';
export * from './watchlist';
export * from './filings';
export * from './quotes';
