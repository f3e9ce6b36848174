ALTER TABLE "messages" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_via" CHECK ("messages"."via" in ('sms', 'phone'));