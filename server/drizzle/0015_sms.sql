CREATE TABLE "sms_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid,
	"direction" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"provider_sid" text,
	"chat_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_direction" CHECK ("sms_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "sms_numbers" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"verified_at" timestamp with time zone,
	"opted_out" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sms_codes_code_idx" ON "sms_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sms_messages_user_seq_idx" ON "sms_messages" USING btree ("user_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sms_numbers_user_idx" ON "sms_numbers" USING btree ("user_id");