CREATE TABLE "machine_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address" text NOT NULL,
	"capacity" integer NOT NULL,
	"version" text NOT NULL,
	"secret" text NOT NULL,
	"machines" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "machine_placements" (
	"vm_id" uuid PRIMARY KEY NOT NULL,
	"host_id" uuid NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machine_placements" ADD CONSTRAINT "machine_placements_host_id_machine_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."machine_hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_placements_host_idx" ON "machine_placements" USING btree ("host_id","running");