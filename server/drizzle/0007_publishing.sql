CREATE TABLE "posting_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"approve_before_posting" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "publish_status" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "publish_link" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "publish_error" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "publish_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "publish_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "approvals_user_published_idx" ON "approvals" USING btree ("user_id","published_at");--> statement-breakpoint
CREATE INDEX "approvals_publish_status_idx" ON "approvals" USING btree ("publish_status");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_publish_status" CHECK ("approvals"."publish_status" in ('queued', 'waiting_connection', 'published', 'failed'));