CREATE TABLE "filing_cik_versions" (
	"cik" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "filings_cik_filed_idx";--> statement-breakpoint
CREATE INDEX "filings_cik_catalogue_filed_idx" ON "filings" USING btree ("cik","catalogue_form","filed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "filings_cik_stored_idx" ON "filings" USING btree ("cik","stored_at" DESC NULLS LAST);