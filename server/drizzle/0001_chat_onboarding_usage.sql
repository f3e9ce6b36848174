CREATE TABLE "intern_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"intern_name" text NOT NULL,
	"communication_style" text NOT NULL,
	"formality_level" text NOT NULL,
	"response_length" text NOT NULL,
	"priority_focus" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"role" text NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_channel" CHECK ("messages"."channel" in ('onboarding', 'chat')),
	CONSTRAINT "messages_role" CHECK ("messages"."role" in ('user', 'intern')),
	CONSTRAINT "messages_kind" CHECK ("messages"."kind" in ('message', 'welcome', 'task_notification', 'transition'))
);
--> statement-breakpoint
CREATE TABLE "onboarding" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"profile" jsonb,
	"has_started" boolean DEFAULT false NOT NULL,
	"ready_to_work" boolean DEFAULT false NOT NULL,
	"is_complete" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"description" text NOT NULL,
	"priority" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"agent" text NOT NULL,
	"category" text NOT NULL,
	"required_platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pause_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_priority" CHECK ("tasks"."priority" between 1 and 10),
	CONSTRAINT "tasks_status" CHECK ("tasks"."status" in ('pending', 'in_progress', 'completed', 'failed', 'paused_login_required')),
	CONSTRAINT "tasks_agent" CHECK ("tasks"."agent" in ('marketing_agent', 'investor_outreach_agent', 'research_agent', 'coding_agent', 'sales_agent', 'customer_outreach')),
	CONSTRAINT "tasks_category" CHECK ("tasks"."category" in ('marketing', 'investor_outreach', 'research', 'development', 'sales'))
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "user_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan" text DEFAULT 'free_trial' NOT NULL,
	"trial_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_plans_plan" CHECK ("user_plans"."plan" in ('free_trial', 'starter', 'builder', 'scale'))
);
--> statement-breakpoint
CREATE INDEX "messages_user_channel_seq_idx" ON "messages" USING btree ("user_id","channel","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_one_welcome_idx" ON "messages" USING btree ("user_id") WHERE "messages"."kind" = 'welcome';--> statement-breakpoint
CREATE INDEX "tasks_user_status_idx" ON "tasks" USING btree ("user_id","status");