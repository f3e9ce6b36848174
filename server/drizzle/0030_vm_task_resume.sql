ALTER TABLE "vm_tasks" ADD COLUMN "steps_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vm_tasks" ADD COLUMN "resumes" integer DEFAULT 0 NOT NULL;