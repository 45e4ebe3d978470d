CREATE TABLE "watchlist_change_stamps" (
	"stripe" smallint PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
