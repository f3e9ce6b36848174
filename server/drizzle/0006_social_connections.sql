CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"code_verifier_enc" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_connections" (
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"display_name" text,
	"username" text,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"expires_at" timestamp with time zone,
	"scope" text,
	"last_sync" timestamp with time zone,
	"error" text,
	"confirm_handle_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"connected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_connections_user_id_platform_pk" PRIMARY KEY("user_id","platform"),
	CONSTRAINT "social_connections_platform" CHECK ("social_connections"."platform" in ('twitter', 'reddit'))
);
--> statement-breakpoint
CREATE INDEX "oauth_states_created_idx" ON "oauth_states" USING btree ("created_at");