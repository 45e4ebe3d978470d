CREATE TABLE "alert_digests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" bigint,
	"sending_at" timestamp with time zone,
	"provider_message_id" text,
	"last_error" text,
	"error_code" text,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alert_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_matches" (
	"filing_id" bigint PRIMARY KEY NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"filing_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" bigint,
	"sending_at" timestamp with time zone,
	"provider_message_id" text,
	"last_error" text,
	"error_code" text,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_pushes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filing_pushes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"filing_id" bigint NOT NULL,
	"instance_id" text NOT NULL,
	"subscribers" integer NOT NULL,
	"pushed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_pushes" ADD CONSTRAINT "filing_pushes_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digests_user_date_uq" ON "alert_digests" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE INDEX "alert_digests_pending_idx" ON "alert_digests" USING btree ("next_attempt_at") WHERE "alert_digests"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_user_filing_channel_uq" ON "alerts" USING btree ("user_id","filing_id","channel");--> statement-breakpoint
CREATE INDEX "alerts_pending_idx" ON "alerts" USING btree ("next_attempt_at") WHERE "alerts"."status" in ('queued', 'sending') and "alerts"."channel" <> 'digest';--> statement-breakpoint
CREATE INDEX "alerts_digest_pending_idx" ON "alerts" USING btree ("user_id") WHERE "alerts"."status" = 'queued' and "alerts"."channel" = 'digest';--> statement-breakpoint
CREATE INDEX "alerts_dead_idx" ON "alerts" USING btree ("updated_at" DESC NULLS LAST) WHERE "alerts"."status" = 'dead';--> statement-breakpoint
CREATE INDEX "alerts_filing_idx" ON "alerts" USING btree ("filing_id");--> statement-breakpoint
CREATE INDEX "alerts_sent_idx" ON "alerts" USING btree ("sent_at") WHERE "alerts"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "filing_pushes_filing_idx" ON "filing_pushes" USING btree ("filing_id");--> statement-breakpoint
CREATE INDEX "filing_pushes_pushed_idx" ON "filing_pushes" USING btree ("pushed_at");