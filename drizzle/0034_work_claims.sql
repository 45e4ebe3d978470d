CREATE TABLE "work_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
