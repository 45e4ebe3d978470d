-- Taking the admin flag away ends that user's admin bearer sessions in the same statement,
-- whoever removes it (admin:grant's opposite, SQL by hand, a future console action).
CREATE OR REPLACE FUNCTION users_admin_flag_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sessions SET revoked_at = now() WHERE user_id = NEW.id AND kind = 'admin' AND revoked_at IS NULL;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_admin_flag_removed AFTER UPDATE OF is_admin ON users
  FOR EACH ROW WHEN (OLD.is_admin AND NOT NEW.is_admin) EXECUTE FUNCTION users_admin_flag_removed();
