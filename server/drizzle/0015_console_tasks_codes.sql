-- An archived task is paused for good: out of the catalogue, never edited or resumed again, and
-- still there for the runs, submissions and ledger entries that name it.
ALTER TABLE "tasks" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_archived_inactive" CHECK ("tasks"."archived_at" is null or not "tasks"."active");--> statement-breakpoint
-- Redemption codes made by an operator in one go: the same reward, uses and expiry for each code.
CREATE TABLE "redeem_code_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"reward" integer NOT NULL,
	"count" integer NOT NULL,
	"max_uses" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_code_batches_figures" CHECK ("reward" > 0 and "count" between 1 and 500 and "max_uses" >= 1)
);--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "batch_id" integer REFERENCES "redeem_code_batches"("id");--> statement-breakpoint
CREATE INDEX "redeem_codes_batch_idx" ON "redeem_codes" ("batch_id");
