-- Every statement that writes watchlist_items bumps the stamp of each user whose rows it touched,
-- in its own transaction, so a watchlist read sees the stamp and the rows from one snapshot. The
-- upsert skips users that no longer exist (a cascaded user delete removes their items and stamp
-- together); concurrent writers for one user queue on that user's stamp row only.
CREATE OR REPLACE FUNCTION bump_watchlist_user_stamps() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO watchlist_user_stamps (user_id, stamp)
    SELECT DISTINCT n.user_id, 1 FROM new_rows n WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)
    ON CONFLICT (user_id) DO UPDATE SET stamp = watchlist_user_stamps.stamp + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO watchlist_user_stamps (user_id, stamp)
    SELECT c.user_id, 1 FROM (SELECT n.user_id FROM new_rows n UNION SELECT o.user_id FROM old_rows o) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    ON CONFLICT (user_id) DO UPDATE SET stamp = watchlist_user_stamps.stamp + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO watchlist_user_stamps (user_id, stamp)
    SELECT DISTINCT o.user_id, 1 FROM old_rows o WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
    ON CONFLICT (user_id) DO UPDATE SET stamp = watchlist_user_stamps.stamp + 1;
  ELSE
    -- TRUNCATE: no rows to read; every user's watchlist may have changed.
    INSERT INTO watchlist_user_stamps (user_id, stamp) SELECT u.id, 1 FROM users u
    ON CONFLICT (user_id) DO UPDATE SET stamp = watchlist_user_stamps.stamp + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_items_user_stamp_insert ON watchlist_items;
--> statement-breakpoint
CREATE TRIGGER watchlist_items_user_stamp_insert AFTER INSERT ON watchlist_items
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_user_stamps();
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_items_user_stamp_update ON watchlist_items;
--> statement-breakpoint
CREATE TRIGGER watchlist_items_user_stamp_update AFTER UPDATE ON watchlist_items
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_user_stamps();
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_items_user_stamp_delete ON watchlist_items;
--> statement-breakpoint
CREATE TRIGGER watchlist_items_user_stamp_delete AFTER DELETE ON watchlist_items
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_user_stamps();
--> statement-breakpoint
DROP TRIGGER IF EXISTS watchlist_items_user_stamp_truncate ON watchlist_items;
--> statement-breakpoint
CREATE TRIGGER watchlist_items_user_stamp_truncate AFTER TRUNCATE ON watchlist_items
FOR EACH STATEMENT EXECUTE FUNCTION bump_watchlist_user_stamps();
--> statement-breakpoint
-- Items written before these triggers: their users start at stamp 1, so a TRUNCATE or a delete
-- always moves a stamp that was read before it.
INSERT INTO watchlist_user_stamps (user_id, stamp) SELECT DISTINCT user_id, 1 FROM watchlist_items ON CONFLICT (user_id) DO NOTHING;
