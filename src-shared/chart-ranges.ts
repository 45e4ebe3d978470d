/** The price chart's ranges: the chart API validates against them and the ticker page offers them. */
export const CHART_RANGES = ['1M', '3M', '6M', '1Y', '5Y', 'MAX'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
