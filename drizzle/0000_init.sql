CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"phone" text,
	"email_verified_at" timestamp with time zone,
	"phone_verified_at" timestamp with time zone,
	"notify_via" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"plan_type" text DEFAULT 'free' NOT NULL,
	"plan_status" text DEFAULT 'inactive' NOT NULL,
	"ticker_limit_override" integer,
	"addon_packs" integer DEFAULT 0 NOT NULL,
	"brand" text DEFAULT '8k' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"cik" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sic" text,
	"sic_description" text,
	"sector" text,
	"industry" text,
	"exchange" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickers" (
	"ticker" text PRIMARY KEY NOT NULL,
	"cik" integer NOT NULL,
	"name" text NOT NULL,
	"exchange" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"view_mode" text DEFAULT 'cards' NOT NULL,
	"sort_field" text DEFAULT 'latest_filing' NOT NULL,
	"sort_direction" text DEFAULT 'desc' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"show_all_filings" boolean DEFAULT false NOT NULL,
	"trading_platform_url" text,
	"theme" text DEFAULT 'light' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watchlist_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"ticker" text NOT NULL,
	"forms" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"accession_no" text NOT NULL,
	"form_type" text NOT NULL,
	"cik" integer,
	"ticker" text,
	"company_name" text,
	"filer_cik" integer,
	"filed_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"period_of_report" date,
	"items" text[],
	"importance" text NOT NULL,
	"importance_rank" smallint NOT NULL,
	"reasons" jsonb NOT NULL,
	"one_liner" text NOT NULL,
	"summary_text" text,
	"insider_data" jsonb,
	"insider_cik" text,
	"executive_names" text[],
	"details" jsonb,
	"primary_doc_url" text,
	"index_url" text,
	"amends_accession_no" text,
	"amends_filing_id" bigint,
	"detected_at" timestamp with time zone,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filings_accession_no_unique" UNIQUE("accession_no")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tickers_cik_idx" ON "tickers" USING btree ("cik");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_items_user_ticker_uq" ON "watchlist_items" USING btree ("user_id","ticker");--> statement-breakpoint
CREATE INDEX "watchlist_items_ticker_idx" ON "watchlist_items" USING btree ("ticker");--> statement-breakpoint
CREATE INDEX "filings_ticker_filed_idx" ON "filings" USING btree ("ticker","filed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "filings_ticker_stored_idx" ON "filings" USING btree ("ticker","stored_at");--> statement-breakpoint
CREATE INDEX "filings_cik_idx" ON "filings" USING btree ("cik");