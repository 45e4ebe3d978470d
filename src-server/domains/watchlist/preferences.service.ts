import { AppError } from '#shared/app-error';
import { DEFAULT_PREFERENCES, type PreferenceFilters, type Preferences } from '#shared/preferences';
import { tradingUrlProblem } from '#shared/trading-url';
import type { Db } from '../../db/client';
import * as repo from './preferences.repo';
import type { PreferencesUpdate } from './watchlist.schemas';

function toPreferences(row: repo.PreferencesRow | undefined): Preferences {
  if (!row) return { ...DEFAULT_PREFERENCES, filters: {} };
  return {
    viewMode: row.viewMode as Preferences['viewMode'],
    sortField: row.sortField as Preferences['sortField'],
    sortDirection: row.sortDirection as Preferences['sortDirection'],
    filters: (row.filters ?? {}) as PreferenceFilters,
    showAllFilings: row.showAllFilings,
    tradingPlatformUrl: row.tradingPlatformUrl,
    theme: row.theme as Preferences['theme'],
  };
}

/** The user's dashboard preferences; defaults until they change one (and for callers without a session). */
export async function getPreferences(db: Db, params: { userId: string | null }): Promise<Preferences> {
  return toPreferences(params.userId ? await repo.findPreferences(db, { userId: params.userId }) : undefined);
}

/**
 * Saves the given preferences and returns all of them. `filters` replaces the stored filters as a
 * whole; a trading URL must be an absolute http(s) template with {TICKER}; null clears it.
 */
export async function updatePreferences(
  db: Db,
  params: { userId: string; changes: PreferencesUpdate },
): Promise<Preferences> {
  const { tradingPlatformUrl, ...rest } = params.changes;
  const url = tradingPlatformUrl?.trim();
  if (url) {
    const problem = tradingUrlProblem(url);
    if (problem) throw new AppError('BAD_REQUEST', problem, { reason: 'invalid_trading_url' });
  }
  const values = {
    ...rest,
    ...(tradingPlatformUrl !== undefined ? { tradingPlatformUrl: url || null } : {}),
  };
  if (Object.keys(values).length === 0) return getPreferences(db, { userId: params.userId });
  return toPreferences(await repo.savePreferences(db, { userId: params.userId, values }));
}
