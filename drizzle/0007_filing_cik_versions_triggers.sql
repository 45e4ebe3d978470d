-- Bumps filing_cik_versions for every issuer CIK a statement touched on filings, once per
-- statement (transition tables), so bulk loads cost one upsert per company, not per row.
-- The watchlist's per-company digest cache compares these versions on every read.
CREATE OR REPLACE FUNCTION bump_filing_cik_versions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO filing_cik_versions (cik)
      SELECT DISTINCT cik FROM new_rows WHERE cik IS NOT NULL
      ON CONFLICT (cik) DO UPDATE SET version = filing_cik_versions.version + 1, changed_at = now();
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO filing_cik_versions (cik)
      SELECT cik FROM new_rows WHERE cik IS NOT NULL UNION SELECT cik FROM old_rows WHERE cik IS NOT NULL
      ON CONFLICT (cik) DO UPDATE SET version = filing_cik_versions.version + 1, changed_at = now();
  ELSE
    INSERT INTO filing_cik_versions (cik)
      SELECT DISTINCT cik FROM old_rows WHERE cik IS NOT NULL
      ON CONFLICT (cik) DO UPDATE SET version = filing_cik_versions.version + 1, changed_at = now();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS filings_cik_versions_insert ON filings;
--> statement-breakpoint
CREATE TRIGGER filings_cik_versions_insert AFTER INSERT ON filings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_filing_cik_versions();
--> statement-breakpoint
DROP TRIGGER IF EXISTS filings_cik_versions_update ON filings;
--> statement-breakpoint
CREATE TRIGGER filings_cik_versions_update AFTER UPDATE ON filings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_filing_cik_versions();
--> statement-breakpoint
DROP TRIGGER IF EXISTS filings_cik_versions_delete ON filings;
--> statement-breakpoint
CREATE TRIGGER filings_cik_versions_delete AFTER DELETE ON filings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_filing_cik_versions();
--> statement-breakpoint
INSERT INTO filing_cik_versions (cik) SELECT DISTINCT cik FROM filings WHERE cik IS NOT NULL ON CONFLICT (cik) DO NOTHING;
