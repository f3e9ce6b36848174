CREATE TABLE "model_connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key_enc" text,
	"key_hint" text,
	"chat_model" text NOT NULL,
	"research_model" text,
	"computer_model" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_connections_kind" CHECK ("model_connections"."kind" in ('openai', 'compatible', 'local'))
);
