CREATE TABLE "autonomy_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"productivity" integer NOT NULL,
	"interval_hours" double precision NOT NULL,
	"preferences" jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_run_tasks" integer,
	"last_run_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
