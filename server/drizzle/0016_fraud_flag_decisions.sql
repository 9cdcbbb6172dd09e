-- Operators' decisions on fraud flags (sign-ups sharing a device or address, rebates held for an
-- invitee), each with the note written. Only ever added to: the latest decision on a flag counts,
-- and a sign-up flag that grew after its decision shows as open again.
CREATE TABLE "fraud_flag_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"flag_key" text NOT NULL,
	"decision" text NOT NULL,
	"note" text NOT NULL,
	"signups_seen" integer,
	"decided_by" integer NOT NULL REFERENCES "users"("id"),
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_flag_decisions_known" CHECK ("decision" in ('dismissed', 'frozen', 'released')),
	CONSTRAINT "fraud_flag_decisions_note_length" CHECK (char_length("note") between 2 and 300)
);--> statement-breakpoint
CREATE INDEX "fraud_flag_decisions_key_idx" ON "fraud_flag_decisions" ("flag_key", "id" DESC);
--> statement-breakpoint
-- Operator settings that used to be only the server's environment (product title, ad pixel id,
-- messaging cap, review deadline): a key without a row keeps the environment's value. Read where
-- they are used, in the request or transaction that uses them, so no process keeps a stale copy.
CREATE TABLE "operator_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer NOT NULL REFERENCES "users"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_settings_key_known" CHECK ("key" in ('title', 'fbPixelId', 'messagingDailyCap', 'reviewDeadlineMinutes'))
);
