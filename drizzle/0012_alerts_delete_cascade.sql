-- alerts has no foreign keys (fan-out speed, see schema/alerts.ts): deleting users or filings
-- removes their alerts here, once per statement, like ON DELETE CASCADE would.
CREATE OR REPLACE FUNCTION alerts_delete_for_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alerts a USING old_rows o WHERE a.user_id = o.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alerts_delete_for_filings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alerts a USING old_rows o WHERE a.filing_id = o.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_delete_alerts ON users;
--> statement-breakpoint
CREATE TRIGGER users_delete_alerts AFTER DELETE ON users
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION alerts_delete_for_users();
--> statement-breakpoint
DROP TRIGGER IF EXISTS filings_delete_alerts ON filings;
--> statement-breakpoint
CREATE TRIGGER filings_delete_alerts AFTER DELETE ON filings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION alerts_delete_for_filings();
