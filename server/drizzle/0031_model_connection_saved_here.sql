ALTER TABLE "model_connections" ADD COLUMN "saved_on_this_machine" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Connections saved before this were not marked. Two kinds could only have been saved by a client on this machine of
-- a local install: a model server found on loopback, and a base URL that names loopback itself (the save refused both
-- to anyone else). Any other connection stays unmarked: it keeps working on public addresses, never on loopback.
UPDATE "model_connections" SET "saved_on_this_machine" = true
WHERE "kind" = 'local' OR "base_url" ~* '^https?://(localhost|127(\.[0-9]+){3}|\[::1\])(:[0-9]+)?(/|$)';
