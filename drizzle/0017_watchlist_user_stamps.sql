CREATE TABLE "watchlist_user_stamps" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stamp" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watchlist_user_stamps" ADD CONSTRAINT "watchlist_user_stamps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;