-- The per-company version bump takes its row locks in CIK order, so two transactions storing
-- batches of filings for overlapping companies (several workers) wait for each other instead of
-- deadlocking on filing_cik_versions.
CREATE OR REPLACE FUNCTION bump_filing_cik_versions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO filing_cik_versions (cik)
      SELECT DISTINCT cik FROM new_rows WHERE cik IS NOT NULL ORDER BY cik
      ON CONFLICT (cik) DO UPDATE SET version = filing_cik_versions.version + 1, changed_at = now();
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO filing_cik_versions (cik)
      SELECT cik FROM (SELECT cik FROM new_rows UNION SELECT cik FROM old_rows) touched WHERE cik IS NOT NULL ORDER BY cik
      ON CONFLICT (cik) DO UPDATE SET version = filing_cik_versions.version + 1, changed_at = now();
  ELSE
    INSERT INTO filing_cik_versions (cik)
      SELECT DISTINCT cik FROM old_rows WHERE cik IS NOT NULL ORDER BY cik
      ON CONFLICT (cik) DO UPDATE SET version = filing_cik_versions.version + 1, changed_at = now();
  END IF;
  RETURN NULL;
END;
$$;
