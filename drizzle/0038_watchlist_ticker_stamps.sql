CREATE TABLE "watchlist_ticker_stamps" (
	"ticker" text PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Per-ticker change counters (decision 283), replacing the 16 global stripes: every statement that
-- writes a quote, a company's filings version or profile, or a catalogue row bumps the counters of
-- the tickers it touched, in its own transaction, rows locked in ticker order (concurrent writers
-- of overlapping tickers queue instead of deadlocking). TG_ARGV[0] says how the rows name their
-- tickers: 'ticker' (quotes, tickers) or 'cik' (filing_cik_versions, companies: every ticker of
-- the company). TRUNCATE has no rows to read: every watched ticker is bumped.
CREATE OR REPLACE FUNCTION bump_watchlist_ticker_stamps() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO watchlist_ticker_stamps (ticker, changes)
    SELECT DISTINCT w.ticker, 1 FROM watchlist_items w ORDER BY 1
    ON CONFLICT (ticker) DO UPDATE SET changes = watchlist_ticker_stamps.changes + 1;
  ELSIF TG_ARGV[0] = 'ticker' AND TG_OP = 'DELETE' THEN
    INSERT INTO watchlist_ticker_stamps (ticker, changes)
    SELECT DISTINCT o.ticker, 1 FROM old_rows o ORDER BY 1
    ON CONFLICT (ticker) DO UPDATE SET changes = watchlist_ticker_stamps.changes + 1;
  ELSIF TG_ARGV[0] = 'ticker' AND TG_OP = 'INSERT' THEN
    INSERT INTO watchlist_ticker_stamps (ticker, changes)
    SELECT DISTINCT n.ticker, 1 FROM new_rows n ORDER BY 1
    ON CONFLICT (ticker) DO UPDATE SET changes = watchlist_ticker_stamps.changes + 1;
  ELSIF TG_ARGV[0] = 'ticker' THEN
    INSERT INTO watchlist_ticker_stamps (ticker, changes)
    SELECT t.ticker, 1 FROM (SELECT n.ticker FROM new_rows n UNION SELECT o.ticker FROM old_rows o) t ORDER BY 1
    ON CONFLICT (ticker) DO UPDATE SET changes = watchlist_ticker_stamps.changes + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO watchlist_ticker_stamps (ticker, changes)
    SELECT DISTINCT t.ticker, 1 FROM tickers t WHERE t.cik IN (SELECT o.cik FROM old_rows o) ORDER BY 1
    ON CONFLICT (ticker) DO UPDATE SET changes = watchlist_ticker_stamps.changes + 1;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO watchlist_ticker_stamps (ticker, changes)
    SELECT DISTINCT t.ticker, 1 FROM tickers t WHERE t.cik IN (SELECT n.cik FROM new_rows n) ORDER BY 1
    ON CONFLICT (ticker) DO UPDATE SET changes = watchlist_ticker_stamps.changes + 1;
  ELSE
    INSERT INTO watchlist_ticker_stamps (ticker, changes)
    SELECT DISTINCT t.ticker, 1 FROM tickers t
    WHERE t.cik IN (SELECT n.cik FROM new_rows n UNION SELECT o.cik FROM old_rows o) ORDER BY 1
    ON CONFLICT (ticker) DO UPDATE SET changes = watchlist_ticker_stamps.changes + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS filing_cik_versions_watchlist_stamp ON filing_cik_versions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS quotes_watchlist_stamp ON quotes;
--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_watchlist_stamp ON companies;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tickers_watchlist_stamp ON tickers;
--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_watchlist_change_stamps();
--> statement-breakpoint
CREATE TRIGGER quotes_ticker_stamp_insert AFTER INSERT ON quotes
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('ticker');
--> statement-breakpoint
CREATE TRIGGER quotes_ticker_stamp_update AFTER UPDATE ON quotes
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('ticker');
--> statement-breakpoint
CREATE TRIGGER quotes_ticker_stamp_delete AFTER DELETE ON quotes
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('ticker');
--> statement-breakpoint
CREATE TRIGGER quotes_ticker_stamp_truncate AFTER TRUNCATE ON quotes
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('ticker');
--> statement-breakpoint
CREATE TRIGGER tickers_ticker_stamp_insert AFTER INSERT ON tickers
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('ticker');
--> statement-breakpoint
CREATE TRIGGER tickers_ticker_stamp_update AFTER UPDATE ON tickers
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('ticker');
--> statement-breakpoint
CREATE TRIGGER tickers_ticker_stamp_delete AFTER DELETE ON tickers
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('ticker');
--> statement-breakpoint
CREATE TRIGGER tickers_ticker_stamp_truncate AFTER TRUNCATE ON tickers
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('ticker');
--> statement-breakpoint
CREATE TRIGGER filing_cik_versions_ticker_stamp_insert AFTER INSERT ON filing_cik_versions
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('cik');
--> statement-breakpoint
CREATE TRIGGER filing_cik_versions_ticker_stamp_update AFTER UPDATE ON filing_cik_versions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('cik');
--> statement-breakpoint
CREATE TRIGGER filing_cik_versions_ticker_stamp_delete AFTER DELETE ON filing_cik_versions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('cik');
--> statement-breakpoint
CREATE TRIGGER filing_cik_versions_ticker_stamp_truncate AFTER TRUNCATE ON filing_cik_versions
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('cik');
--> statement-breakpoint
CREATE TRIGGER companies_ticker_stamp_insert AFTER INSERT ON companies
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('cik');
--> statement-breakpoint
CREATE TRIGGER companies_ticker_stamp_update AFTER UPDATE ON companies
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('cik');
--> statement-breakpoint
CREATE TRIGGER companies_ticker_stamp_delete AFTER DELETE ON companies
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('cik');
--> statement-breakpoint
CREATE TRIGGER companies_ticker_stamp_truncate AFTER TRUNCATE ON companies
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_ticker_stamps('cik');
