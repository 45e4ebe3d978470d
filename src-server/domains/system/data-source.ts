/**
 * Where the filings come from: live EDGAR, or the built-in replay of recorded real filings (no
 * EDGAR_USER_AGENT). The dashboard says so on every card in replay, so recorded filings never pass
 * for live ones.
 */
import { edgarMode } from '../../config/env';

export interface DataSource {
  mode: 'live' | 'replay';
  /** Shown above the watchlist in replay; null when live. */
  note: string | null;
}

export const REPLAY_NOTE =
  'Recorded filings: this server replays real SEC filings recorded earlier instead of reading EDGAR live. Each card shows the filing’s real date.';

export function dataSource(deps: {
  edgar?: { mode: 'live' | 'replay' } | null;
  env: { EDGAR_USER_AGENT?: string; EDGAR_SOURCE?: 'live' | 'replay' };
}): DataSource {
  const mode = deps.edgar?.mode ?? edgarMode(deps.env);
  return { mode, note: mode === 'replay' ? REPLAY_NOTE : null };
}
