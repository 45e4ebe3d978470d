CREATE TABLE "edgar_budget" (
	"id" smallint PRIMARY KEY NOT NULL,
	"recent" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"paused_until" timestamp with time zone,
	"pause_reason" text
);
--> statement-breakpoint
CREATE TABLE "edgar_reconciliations" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"listed" integer NOT NULL,
	"detected_before" integer NOT NULL,
	"missed" text[] DEFAULT '{}' NOT NULL,
	"recall" real,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edgar_reconciliations_day_source_pk" PRIMARY KEY("day","source")
);
--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "feed_listed_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "detected_via" text;--> statement-breakpoint
CREATE INDEX "filings_detected_idx" ON "filings" USING btree ("detected_at") WHERE "filings"."detected_via" is not null and "filings"."detected_via" <> 'backfill';