ALTER TABLE "model_connections" ADD COLUMN "transcription_model" text;--> statement-breakpoint
ALTER TABLE "model_connections" ADD COLUMN "realtime_model" text;