ALTER TABLE "preferences" ALTER COLUMN "theme" SET DEFAULT 'system';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone_chosen" boolean DEFAULT false NOT NULL;