CREATE TABLE "report_diffs" (
	"accession_no" text PRIMARY KEY NOT NULL,
	"prior_accession_no" text NOT NULL,
	"cik" integer NOT NULL,
	"kind" text NOT NULL,
	"period_of_report" date,
	"prior_period_of_report" date,
	"filed_date" date,
	"prior_filed_date" date,
	"document_url" text,
	"prior_document_url" text,
	"diff" jsonb NOT NULL,
	"risk_factors_rewritten" double precision,
	"legal_rewritten" double precision,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sections" (
	"accession_no" text PRIMARY KEY NOT NULL,
	"cik" integer NOT NULL,
	"kind" text NOT NULL,
	"form_type" text NOT NULL,
	"period_of_report" date,
	"filed_date" date,
	"document_url" text,
	"sections" jsonb NOT NULL,
	"risk_factors" jsonb NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_diffs_cik_period_idx" ON "report_diffs" USING btree ("cik","period_of_report");--> statement-breakpoint
CREATE INDEX "report_sections_cik_kind_period_idx" ON "report_sections" USING btree ("cik","kind","period_of_report");