-- Every statement that writes data a watchlist response shows (filing versions, quotes, company
-- profiles, the ticker catalogue) bumps one of 16 counters in its own transaction. The stripe
-- comes from the transaction id, so a transaction always bumps the same row and two concurrent
-- writers share a row (and wait) only one time in 16. Watchlist reads compare the counters' sum.
INSERT INTO watchlist_change_stamps (stripe) SELECT g FROM generate_series(0, 15) g ON CONFLICT (stripe) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_watchlist_change_stamps() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE watchlist_change_stamps SET changes = changes + 1
  WHERE stripe = (pg_current_xact_id()::text::bigint % 16)::smallint;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS filing_cik_versions_watchlist_stamp ON filing_cik_versions;
--> statement-breakpoint
CREATE TRIGGER filing_cik_versions_watchlist_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON filing_cik_versions
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_change_stamps();
--> statement-breakpoint
DROP TRIGGER IF EXISTS quotes_watchlist_stamp ON quotes;
--> statement-breakpoint
CREATE TRIGGER quotes_watchlist_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quotes
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_change_stamps();
--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_watchlist_stamp ON companies;
--> statement-breakpoint
CREATE TRIGGER companies_watchlist_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_change_stamps();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tickers_watchlist_stamp ON tickers;
--> statement-breakpoint
CREATE TRIGGER tickers_watchlist_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tickers
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_change_stamps();
