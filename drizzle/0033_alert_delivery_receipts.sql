ALTER TABLE "alerts" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "provider_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "provider_response" text;--> statement-breakpoint
CREATE INDEX "alerts_burst_lead_idx" ON "alerts" USING btree ("burst_lead_id") WHERE "alerts"."burst_lead_id" is not null;