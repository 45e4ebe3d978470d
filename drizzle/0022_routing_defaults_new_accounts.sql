-- Routing defaults for accounts created from now on: lower-importance filings go to the digest
-- and overnight filings wait for the pre-market brief. 0021 added both columns with DEFAULT false,
-- so every account that existed keeps exactly the routing it had; only the default changes here.
ALTER TABLE "users" ALTER COLUMN "digest_below_threshold" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "brief_enabled" SET DEFAULT true;
