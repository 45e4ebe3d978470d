CREATE TABLE "rate_limit_minutes" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_minutes_bucket_key_minute_pk" PRIMARY KEY("bucket","key","minute")
);
