DROP INDEX "activities_user_created_idx";--> statement-breakpoint
DROP INDEX "approvals_user_status_idx";--> statement-breakpoint
DROP INDEX "investor_emails_user_status_idx";--> statement-breakpoint
DROP INDEX "investors_user_status_idx";--> statement-breakpoint
DROP INDEX "local_invoices_user_idx";--> statement-breakpoint
DROP INDEX "mailbox_messages_to_idx";--> statement-breakpoint
DROP INDEX "messages_user_channel_seq_idx";--> statement-breakpoint
DROP INDEX "sms_messages_user_seq_idx";--> statement-breakpoint
DROP INDEX "tasks_user_status_idx";--> statement-breakpoint
DROP INDEX "tasks_user_created_idx";--> statement-breakpoint
DROP INDEX "vm_screenshots_vm_idx";--> statement-breakpoint
DROP INDEX "vm_tasks_vm_idx";--> statement-breakpoint
DROP INDEX "vms_user_idx";--> statement-breakpoint
CREATE INDEX "investors_user_found_idx" ON "investors" USING btree ("user_id","found_at" DESC NULLS FIRST,"name","id");--> statement-breakpoint
CREATE INDEX "vm_tasks_user_status_idx" ON "vm_tasks" USING btree ("user_id","status","started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activities_user_created_idx" ON "activities" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_user_status_idx" ON "approvals" USING btree ("user_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "investor_emails_user_status_idx" ON "investor_emails" USING btree ("user_id","status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "investors_user_status_idx" ON "investors" USING btree ("user_id","status","found_at" DESC NULLS FIRST,"name","id");--> statement-breakpoint
CREATE INDEX "local_invoices_user_idx" ON "local_invoices" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mailbox_messages_to_idx" ON "mailbox_messages" USING btree ("to","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_user_channel_seq_idx" ON "messages" USING btree ("user_id","channel","seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sms_messages_user_seq_idx" ON "sms_messages" USING btree ("user_id","seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_user_status_idx" ON "tasks" USING btree ("user_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_user_created_idx" ON "tasks" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vm_screenshots_vm_idx" ON "vm_screenshots" USING btree ("vm_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vm_tasks_vm_idx" ON "vm_tasks" USING btree ("vm_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vms_user_idx" ON "vms" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);