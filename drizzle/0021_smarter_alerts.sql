CREATE TABLE "deadline_notices" (
	"deadline_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_message_id" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filing_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cik" integer NOT NULL,
	"from_filing_id" bigint NOT NULL,
	"to_filing_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"matched" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
CREATE TABLE "report_deadlines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_deadlines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cik" integer NOT NULL,
	"form" text NOT NULL,
	"period_end" date NOT NULL,
	"due_on" date NOT NULL,
	"filer_status" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"notice_filing_id" bigint,
	"report_filing_id" bigint,
	"overdue_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "alert_digests_user_date_uq";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "alert_min_rank_email" SET DEFAULT 3;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "alert_min_rank_sms" SET DEFAULT 4;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_below_threshold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "brief_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "brief_minute" smallint DEFAULT 480 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "filer_category" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "fiscal_year_end" text;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD COLUMN "kind" text DEFAULT 'digest' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "route" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "burst_lead_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_notices_uq" ON "deadline_notices" USING btree ("deadline_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "filing_links_pair_uq" ON "filing_links" USING btree ("from_filing_id","to_filing_id","kind");--> statement-breakpoint
CREATE INDEX "filing_links_to_idx" ON "filing_links" USING btree ("to_filing_id");--> statement-breakpoint
CREATE INDEX "filing_links_cik_idx" ON "filing_links" USING btree ("cik","created_at" DESC NULLS LAST) WHERE "filing_links"."undone_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "report_deadlines_period_uq" ON "report_deadlines" USING btree ("cik","form","period_end");--> statement-breakpoint
CREATE INDEX "report_deadlines_open_idx" ON "report_deadlines" USING btree ("due_on") WHERE "report_deadlines"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digests_user_kind_date_uq" ON "alert_digests" USING btree ("user_id","kind","local_date");