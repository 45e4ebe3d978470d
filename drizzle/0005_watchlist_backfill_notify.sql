-- A ticker entering a watchlist wakes the EDGAR backfill watcher (filings domain) at once.
-- Payload is the ticker only; the watcher re-checks the database, so a lost notification
-- just waits for its periodic scan.
CREATE OR REPLACE FUNCTION notify_watchlist_ticker_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('watchlist_ticker_added', NEW.ticker);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_items_backfill_notify ON watchlist_items;
--> statement-breakpoint
CREATE TRIGGER watchlist_items_backfill_notify
AFTER INSERT ON watchlist_items
FOR EACH ROW EXECUTE FUNCTION notify_watchlist_ticker_added();
