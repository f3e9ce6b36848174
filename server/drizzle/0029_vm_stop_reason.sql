ALTER TABLE "vms" ADD COLUMN "stop_reason" text;--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_stop_reason" CHECK ("vms"."stop_reason" in ('host_lost', 'restarted'));