-- Provenance of AI-made artifacts (issue 22 §2). Results written before this were not stamped; offline work is
-- free and a model always spends tokens, so a result with no tokens was the offline co-founder's draft.
ALTER TABLE "activities" ADD COLUMN "produced_by" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "produced_by" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "produced_by" text;--> statement-breakpoint
ALTER TABLE "task_results" ADD COLUMN "produced_by" text;--> statement-breakpoint
ALTER TABLE "task_results" ADD COLUMN "outcome" text DEFAULT 'achieved' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_results" ADD CONSTRAINT "task_results_outcome" CHECK ("task_results"."outcome" in ('achieved', 'needs_input'));--> statement-breakpoint
UPDATE "task_results" SET "outcome" = 'needs_input', "produced_by" = 'offline' WHERE "tokens" = 0;