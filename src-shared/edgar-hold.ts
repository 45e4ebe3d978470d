/**
 * EDGAR's hold rule, which the server's schedule and the web's latency receipt both apply: after
 * 17:30 New York time, filings other than the exempt forms are held for the next business day.
 */
export const HOLD_CUTOFF_S = 17 * 3600 + 30 * 60;
/** EDGAR releases the filings it held at 06:00 New York time the next business day. */
export const HOLD_RELEASE_S = 6 * 3600;
