-- The 16 global counters are bumped again (decision 335), beside the per-ticker ones of 0038: every
-- statement that writes a quote, a filings version, a company or a catalogue row bumps one stripe
-- (chosen by transaction id, so concurrent writers share a row one time in 16). A watchlist read
-- compares their sum, one 16-row read per batched session lookup, and reads the sum over the
-- user's own tickers only when the global sum moved: decision 283 put that per-ticker sum (a probe
-- per watched ticker) in every lookup, and cached reads fell from ~2,900 to ~1,160 req/s.
-- Triggers of one event fire in name order: `<table>_global_stamp` sorts before
-- `<table>_ticker_stamp_*`, so every statement takes its stripe before any ticker row. A writer
-- waiting for a stripe then holds no ticker row another transaction could be waiting for.
CREATE OR REPLACE FUNCTION bump_watchlist_change_stamps() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE watchlist_change_stamps SET changes = changes + 1
  WHERE stripe = (pg_current_xact_id()::text::bigint % 16)::smallint;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO watchlist_change_stamps (stripe) SELECT g FROM generate_series(0, 15) g ON CONFLICT (stripe) DO NOTHING;
--> statement-breakpoint
DROP TRIGGER IF EXISTS filing_cik_versions_watchlist_stamp ON filing_cik_versions;
--> statement-breakpoint
CREATE TRIGGER filing_cik_versions_global_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON filing_cik_versions
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_change_stamps();
--> statement-breakpoint
DROP TRIGGER IF EXISTS quotes_watchlist_stamp ON quotes;
--> statement-breakpoint
CREATE TRIGGER quotes_global_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quotes
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_change_stamps();
--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_watchlist_stamp ON companies;
--> statement-breakpoint
CREATE TRIGGER companies_global_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_change_stamps();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tickers_watchlist_stamp ON tickers;
--> statement-breakpoint
CREATE TRIGGER tickers_global_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tickers
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_change_stamps();
