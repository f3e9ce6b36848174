CREATE TABLE "social_connect_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "social_connect_codes_expires_idx" ON "social_connect_codes" USING btree ("expires_at");