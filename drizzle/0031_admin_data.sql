CREATE TABLE "admin_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"params" jsonb NOT NULL,
	"total" integer,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_themes" (
	"brand" text PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"tagline" text NOT NULL,
	"primary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"logo_text" text NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_decisions" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"decision" text NOT NULL,
	"note" text,
	"decided_by" uuid NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_decisions_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "insider_profile_edits" (
	"owner_cik" integer PRIMARY KEY NOT NULL,
	"display_name" text,
	"merged_into_cik" integer,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticker_overrides" (
	"ticker" text PRIMARY KEY NOT NULL,
	"cik" integer NOT NULL,
	"name" text NOT NULL,
	"note" text NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "rules_importance" text;--> statement-breakpoint
CREATE INDEX "admin_jobs_kind_idx" ON "admin_jobs" USING btree ("kind","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "insider_profile_edits_merged_idx" ON "insider_profile_edits" USING btree ("merged_into_cik") WHERE "insider_profile_edits"."merged_into_cik" is not null;