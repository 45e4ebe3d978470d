CREATE TABLE "price_bars" (
	"ticker" text NOT NULL,
	"day" date NOT NULL,
	"open" double precision,
	"high" double precision,
	"low" double precision,
	"close" double precision NOT NULL,
	"volume" bigint,
	CONSTRAINT "price_bars_ticker_day_pk" PRIMARY KEY("ticker","day")
);
--> statement-breakpoint
CREATE TABLE "price_history_sources" (
	"ticker" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"adjustment" text NOT NULL,
	"sha256" text,
	"first_day" date,
	"last_day" date,
	"bars" integer DEFAULT 0 NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analysis_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"filing_id" bigint NOT NULL,
	"vote" smallint NOT NULL,
	"comment" text,
	"model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_feedback_vote" CHECK ("analysis_feedback"."vote" in (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "analysis_feedback" ADD CONSTRAINT "analysis_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_feedback" ADD CONSTRAINT "analysis_feedback_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_feedback_user_filing_uq" ON "analysis_feedback" USING btree ("user_id","filing_id");--> statement-breakpoint
CREATE INDEX "analysis_feedback_updated_idx" ON "analysis_feedback" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "analysis_feedback_filing_idx" ON "analysis_feedback" USING btree ("filing_id");--> statement-breakpoint
CREATE INDEX "filings_cik_filed_idx" ON "filings" USING btree ("cik","filed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "insider_tx_owner_filed_name_idx" ON "insider_transactions" USING btree (lower("owner_name"));