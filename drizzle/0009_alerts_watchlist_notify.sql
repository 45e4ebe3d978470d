-- Live dashboards keep each subscriber's followed tickers and forms in memory; any change to a
-- user's watchlist tells every app instance to reload that user (payload: the user id only).
-- Statement-level with transition tables: a bulk change sends one notification per user.
CREATE OR REPLACE FUNCTION notify_watchlist_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('watchlist_changed', user_id::text) FROM (SELECT DISTINCT user_id FROM old_rows) x;
  ELSE
    PERFORM pg_notify('watchlist_changed', user_id::text) FROM (SELECT DISTINCT user_id FROM new_rows) x;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_items_changed_insert ON watchlist_items;
--> statement-breakpoint
CREATE TRIGGER watchlist_items_changed_insert AFTER INSERT ON watchlist_items
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_watchlist_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_items_changed_update ON watchlist_items;
--> statement-breakpoint
CREATE TRIGGER watchlist_items_changed_update AFTER UPDATE ON watchlist_items
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_watchlist_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_items_changed_delete ON watchlist_items;
--> statement-breakpoint
CREATE TRIGGER watchlist_items_changed_delete AFTER DELETE ON watchlist_items
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_watchlist_changed();
--> statement-breakpoint
-- Filings stored before alerts existed are history, not news: mark them matched so the
-- catch-up sweep never mails them.
INSERT INTO alert_matches (filing_id) SELECT id FROM filings ON CONFLICT DO NOTHING;
