import { z } from 'zod';
import { isoDateTime, text } from '#shared/input';
import { IMPORTANCE_LEVELS } from '#shared/importance';
import { CHART_RANGES } from '#shared/chart-ranges';

const ticker = text().trim().min(1, 'ticker is required').max(20);
const forms = z.array(text().trim().min(1).max(20)).max(20);
const importance = z.array(z.enum(IMPORTANCE_LEVELS)).max(4);
const cursor = text().trim().max(40);
/** A previous seen mark as the page data returned it (microsecond precision kept). */
const newSince = isoDateTime();

const filters = { forms: forms.nullish(), importance: importance.nullish() };

export const tickerPageInput = z.object({ ticker, ...filters }).strict();
// tRPC's infinite queries also send the paging direction; pages only go forward.
export const tickerFilingsInput = z
  .object({
    ticker,
    ...filters,
    cursor: cursor.nullish(),
    newSince: newSince.nullish(),
    direction: z.literal('forward').optional(),
  })
  .strict();
export const tickerChartInput = z.object({ ticker, range: z.enum(CHART_RANGES).default('MAX'), ...filters }).strict();
export const publicTickerInput = z.object({ ticker }).strict();
export const feedbackInput = z
  .object({
    filingId: z.number().int().positive(),
    vote: z.enum(['up', 'down']).nullable(),
    comment: text().trim().max(1000).nullish(),
  })
  .strict();
export const adminFeedbackInput = z
  .object({
    limit: z.number().int().min(1).max(200).default(50),
    before: cursor.nullish(),
    vote: z.enum(['up', 'down']).nullish(),
  })
  .strict()
  .default({ limit: 50 });

/** REST query strings: comma-separated lists (`form=8-K,4&importance=HIGH,CRITICAL`). */
const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
        : value,
    z.array(item).max(20),
  );

export const restFiltersQuery = z.object({
  form: csv(text().min(1).max(20)).optional(),
  importance: csv(
    text()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(IMPORTANCE_LEVELS)),
  ).optional(),
});
export const restFilingsQuery = restFiltersQuery.extend({ cursor: cursor.optional(), new_since: newSince.optional() });
export const restChartQuery = restFiltersQuery.extend({ range: z.enum(CHART_RANGES).default('MAX') });
export const restTickerParams = z.object({ ticker });
export const restFeedbackBody = z.object({
  vote: z.enum(['up', 'down']).nullable(),
  comment: text().trim().max(1000).nullish(),
});
export const restFilingParams = z.object({ id: z.coerce.number().int().positive() });
