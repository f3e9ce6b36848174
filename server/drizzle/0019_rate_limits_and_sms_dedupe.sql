CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
-- Twilio retries stored before this index: keep the first copy of each inbound MessageSid.
DELETE FROM "sms_messages" a USING "sms_messages" b WHERE a."direction" = 'in' AND b."direction" = 'in' AND a."provider_sid" = b."provider_sid" AND a."seq" > b."seq";--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_inbound_sid_idx" ON "sms_messages" USING btree ("provider_sid") WHERE "sms_messages"."direction" = 'in' and "sms_messages"."provider_sid" is not null;