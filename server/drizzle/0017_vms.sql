CREATE TABLE "vm_screenshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"jpeg" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vm_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"engine_task_id" uuid,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"decisions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"screenshot_id" uuid,
	"pending_confirmation" jsonb,
	"confirmation" text,
	"stop_requested" boolean DEFAULT false NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "vm_tasks_status" CHECK ("vm_tasks"."status" in ('running', 'awaiting_confirmation', 'completed', 'failed', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "vm_usage" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vm_usage_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "vms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"machine_type" text NOT NULL,
	"external_ip" text,
	"node" text,
	"running_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vms_status" CHECK ("vms"."status" in ('RUNNING', 'SUSPENDED', 'STOPPED', 'TERMINATED'))
);
--> statement-breakpoint
CREATE INDEX "vm_screenshots_vm_idx" ON "vm_screenshots" USING btree ("vm_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vm_tasks_vm_idx" ON "vm_tasks" USING btree ("vm_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vms_user_idx" ON "vms" USING btree ("user_id","created_at");