CREATE TABLE "investor_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"investor_id" uuid NOT NULL,
	"task_id" uuid,
	"recipient_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"personalization" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "investor_emails_status" CHECK ("investor_emails"."status" in ('pending', 'approved', 'sent', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "investors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" uuid,
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"firm" text,
	"email" text,
	"linkedin" text,
	"geo" text,
	"status" text DEFAULT 'new' NOT NULL,
	"check_size" text,
	"focus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thesis" text,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"portfolio" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recent_investments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_url" text,
	"sample" boolean DEFAULT false NOT NULL,
	"verification_score" integer NOT NULL,
	"verification_level" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"last_contact_date" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investors_status" CHECK ("investors"."status" in ('new', 'contacted', 'responded', 'meeting')),
	CONSTRAINT "investors_verification_level" CHECK ("investors"."verification_level" in ('verified', 'partial', 'basic'))
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "investor_emails" ADD CONSTRAINT "investor_emails_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_emails" ADD CONSTRAINT "investor_emails_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investors" ADD CONSTRAINT "investors_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investor_emails_user_status_idx" ON "investor_emails" USING btree ("user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investor_emails_investor_idx" ON "investor_emails" USING btree ("investor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investors_user_identity_idx" ON "investors" USING btree ("user_id","identity");--> statement-breakpoint
CREATE INDEX "investors_user_status_idx" ON "investors" USING btree ("user_id","status","found_at" DESC NULLS LAST);