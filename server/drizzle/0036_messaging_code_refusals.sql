-- A code asked for a number that is another earner's is refused, and the refusal now counts toward
-- the earner's hourly limit like a code: otherwise asking about number after number would tell,
-- without limit, which phones belong to earners.
CREATE TABLE "messaging_code_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "messaging_code_refusals_user_idx" ON "messaging_code_refusals" ("user_id", "created_at");
