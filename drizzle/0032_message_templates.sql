CREATE TABLE "message_template_active" (
	"template_id" text PRIMARY KEY NOT NULL,
	"version_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_template_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_template_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" text NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_by" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_template_versions_version_uq" UNIQUE("template_id","version"),
	CONSTRAINT "message_template_versions_version_ck" CHECK ("message_template_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "message_template_active" ADD CONSTRAINT "message_template_active_version_id_message_template_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."message_template_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_versions" ADD CONSTRAINT "message_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;