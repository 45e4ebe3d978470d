import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/transport/trpc/app-router';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type TickerPageData = Outputs['tickerPages']['get'];
export type TickerFiling = TickerPageData['filings']['items'][number];
export type QuoteLine = NonNullable<TickerPageData['quote']>;
export type TickerCompany = TickerPageData['company'];
export type Facets = TickerPageData['facets'];
export type TickerChart = Outputs['tickerPages']['chart'];
export type ChartRange = NonNullable<Inputs['tickerPages']['chart']['range']>;
export type InsiderLookup = Outputs['insiders']['byName'];
export type InsiderProfile = Outputs['insiders']['byCik'];
