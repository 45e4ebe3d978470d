-- Processes cache signing keys (the VAPID pair: domains/push/vapid.ts); any change to a row
-- (an operator's rotation, a restored backup) tells every instance to drop its copy (payload: the key name).
CREATE OR REPLACE FUNCTION notify_signing_key_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('signing_key_changed', COALESCE(NEW.name, OLD.name));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS signing_keys_changed ON signing_keys;
--> statement-breakpoint
CREATE TRIGGER signing_keys_changed AFTER INSERT OR UPDATE OR DELETE ON signing_keys
FOR EACH ROW EXECUTE FUNCTION notify_signing_key_changed();
