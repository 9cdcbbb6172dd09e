-- Every operator action, as it happened: who, what, on which object, before and after. Rows are
-- only ever added: a trigger refuses updates and deletes, so no one rewrites what was done.
CREATE TABLE "operator_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL REFERENCES "users"("id"),
	"operator_role" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "operator_actions_created_idx" ON "operator_actions" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "operator_actions_target_idx" ON "operator_actions" ("target_type", "target_id");--> statement-breakpoint
CREATE INDEX "operator_actions_operator_idx" ON "operator_actions" ("operator_id", "created_at");--> statement-breakpoint
CREATE FUNCTION "operator_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'operator_actions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "operator_actions_no_rewrite" BEFORE UPDATE OR DELETE ON "operator_actions"
	FOR EACH ROW EXECUTE FUNCTION "operator_actions_append_only"();--> statement-breakpoint
-- A reviewer's hold on one submission until "expires_at": no other reviewer is handed it meanwhile.
CREATE TABLE "review_claims" (
	"submission_id" integer PRIMARY KEY NOT NULL REFERENCES "submissions"("id"),
	"reviewer_id" integer NOT NULL REFERENCES "users"("id"),
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "review_claims_reviewer_idx" ON "review_claims" ("reviewer_id");--> statement-breakpoint
-- An earner an operator froze: they still sign in and read the reason, but cannot withdraw.
CREATE TABLE "earner_freezes" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"reason" text NOT NULL,
	"frozen_by" integer NOT NULL REFERENCES "users"("id"),
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earner_freezes_reason_length" CHECK (char_length("reason") between 2 and 300)
);
