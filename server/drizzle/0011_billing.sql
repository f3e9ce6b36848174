CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "local_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"plan" text,
	"interval" text,
	"status" text,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"scheduled_plan" text,
	"scheduled_interval" text,
	"event_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_plan" CHECK ("subscriptions"."plan" in ('starter', 'builder', 'scale')),
	CONSTRAINT "subscriptions_interval" CHECK ("subscriptions"."interval" in ('monthly', 'yearly')),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('active', 'canceled', 'past_due', 'incomplete'))
);
--> statement-breakpoint
ALTER TABLE "user_plans" DROP CONSTRAINT "user_plans_plan";--> statement-breakpoint
CREATE INDEX "local_checkout_sessions_user_idx" ON "local_checkout_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "local_invoices_user_idx" ON "local_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_subscription_idx" ON "subscriptions" USING btree ("subscription_id");--> statement-breakpoint
ALTER TABLE "user_plans" DROP COLUMN "plan";