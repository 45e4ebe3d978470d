DROP INDEX "alerts_user_filing_channel_uq";--> statement-breakpoint
DROP INDEX "alerts_filing_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_filing_user_channel_uq" ON "alerts" USING btree ("filing_id","user_id","channel");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id");