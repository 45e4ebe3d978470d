CREATE TABLE "edgar_backfills" (
	"cik" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"filings_queued" integer DEFAULT 0 NOT NULL,
	"error" text,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_analyses" (
	"filing_id" bigint PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"summary" text NOT NULL,
	"latency_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insider_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insider_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"filing_id" bigint NOT NULL,
	"accession_no" text NOT NULL,
	"form_type" text NOT NULL,
	"issuer_cik" integer,
	"ticker" text,
	"owner_index" smallint NOT NULL,
	"owner_cik" integer,
	"owner_name" text NOT NULL,
	"owner_display_name" text NOT NULL,
	"officer_title" text,
	"is_director" boolean DEFAULT false NOT NULL,
	"is_officer" boolean DEFAULT false NOT NULL,
	"is_ten_percent_owner" boolean DEFAULT false NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"other_text" text,
	"table_kind" text NOT NULL,
	"is_derivative" boolean NOT NULL,
	"is_holding" boolean DEFAULT false NOT NULL,
	"row_index" smallint NOT NULL,
	"security_title" text,
	"transaction_date" date,
	"code" text,
	"equity_swap" boolean,
	"acquired_disposed" text,
	"shares" numeric,
	"price_per_share" numeric,
	"value" numeric,
	"shares_owned_after" numeric,
	"direct_indirect" text,
	"nature_of_ownership" text,
	"is_10b5_1" boolean DEFAULT false NOT NULL,
	"footnotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conversion_or_exercise_price" numeric,
	"exercise_date" date,
	"expiration_date" date,
	"underlying_title" text,
	"underlying_shares" numeric,
	"filed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "catalogue_form" text;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "data_incomplete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "filing_analyses" ADD CONSTRAINT "filing_analyses_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_transactions" ADD CONSTRAINT "insider_transactions_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insider_tx_row_uq" ON "insider_transactions" USING btree ("filing_id","owner_index","table_kind","is_holding","row_index");--> statement-breakpoint
CREATE INDEX "insider_tx_owner_idx" ON "insider_transactions" USING btree ("owner_cik","transaction_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "insider_tx_owner_name_idx" ON "insider_transactions" USING btree (lower("owner_display_name"));--> statement-breakpoint
CREATE INDEX "insider_tx_issuer_code_date_idx" ON "insider_transactions" USING btree ("issuer_cik","code","transaction_date");--> statement-breakpoint
CREATE INDEX "filings_cik_form_filed_idx" ON "filings" USING btree ("cik","form_type","filed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "filings_amends_idx" ON "filings" USING btree ("amends_filing_id");