-- The per-user counters take rate-limiter-flexible's RateLimiterDrizzle shape: one row per key with its points and
-- the end of its window (was one row per key and fixed window). The old counts are dropped, so at most each budget's
-- current window starts over once. TRUNCATE takes the table's lock at once, so a process still running the old code
-- cannot add an old-shape row before the columns change (a DELETE would let it, and the migration would then fail).
TRUNCATE "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP CONSTRAINT "rate_limits_key_window_start_pk";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD PRIMARY KEY ("key");--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "points" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expire" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "count";