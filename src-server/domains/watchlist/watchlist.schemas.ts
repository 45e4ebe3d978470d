import { z } from 'zod';
import { text } from '#shared/input';
import { FORM_VALUES } from '#shared/forms';
import {
  ALERT_LEVEL_FILTERS,
  NO_FORMS_FILTER,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  THEMES,
  VIEW_MODES,
} from '#shared/preferences';
import { TRADING_URL_MAX_LENGTH } from '#shared/trading-url';

const listOrCommaText = z.union([text().max(5000), z.array(text().max(100)).max(200)]);

/**
 * POST /api/subscribe and watchlist.subscribe: tickers and forms as comma-joined text (the REST
 * call) or lists (the add form); the note as `note` or `notes`. Emptiness is the service's
 * business, so the spec's messages come back for blank input.
 */
export const subscribeInput = z
  .object({
    tickers: listOrCommaText.optional(),
    forms: listOrCommaText.optional(),
    note: text().max(2000).nullish(),
    notes: text().max(2000).nullish(),
  })
  .transform((input) => ({
    entries: Array.isArray(input.tickers) ? input.tickers.join(',') : (input.tickers ?? ''),
    forms: Array.isArray(input.forms) ? input.forms : (input.forms ?? '').split(','),
    notes: input.notes ?? input.note ?? null,
  }));

export const tickerInput = z.object({ ticker: text().trim().min(1, 'ticker is required').max(20) });

const filterText = text().trim().max(200).nullish();
export const preferencesUpdateInput = z
  .object({
    viewMode: z.enum(VIEW_MODES),
    sortField: z.enum(SORT_FIELDS),
    sortDirection: z.enum(SORT_DIRECTIONS),
    filters: z
      .object({
        sector: filterText,
        industry: filterText,
        alertLevel: z.enum(ALERT_LEVEL_FILTERS),
        formTypes: z.array(z.enum([...FORM_VALUES, NO_FORMS_FILTER])).max(FORM_VALUES.length + 1),
      })
      .partial()
      .strict(),
    showAllFilings: z.boolean(),
    tradingPlatformUrl: text()
      .max(TRADING_URL_MAX_LENGTH + 100)
      .nullable(),
    theme: z.enum(THEMES),
  })
  .partial()
  .strict();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateInput>;
