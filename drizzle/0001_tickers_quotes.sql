CREATE TABLE "ticker_catalogue_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"sha256" text NOT NULL,
	"entries" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticker_catalogue_state_single_row" CHECK ("ticker_catalogue_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"ticker" text PRIMARY KEY NOT NULL,
	"price" double precision,
	"change_percent" double precision,
	"market_cap" double precision,
	"pe_ratio" double precision,
	"eps" double precision,
	"dividend_yield" double precision,
	"volume" bigint,
	"avg_volume" bigint,
	"week_52_low" double precision,
	"week_52_high" double precision,
	"currency" text,
	"market_time" timestamp with time zone,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "profile_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "filings_cik_filed_idx" ON "filings" USING btree ("cik","filed_at" DESC NULLS LAST,"id" DESC NULLS LAST);