ALTER TABLE "alerts" DROP CONSTRAINT "alerts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_filing_id_filings_id_fk";
