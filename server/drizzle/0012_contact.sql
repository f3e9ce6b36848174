CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "contact_messages_subject" CHECK ("contact_messages"."subject" in ('General Inquiry', 'Product Demo', 'Partnership', 'Technical Support', 'Billing', 'Other'))
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");