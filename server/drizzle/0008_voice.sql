CREATE TABLE "voice_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"max_seconds" integer NOT NULL,
	"seconds" integer
);
--> statement-breakpoint
ALTER TABLE "usage_counters" ADD COLUMN "voice_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "voice_calls_user_open_idx" ON "voice_calls" USING btree ("user_id","ended_at");