CREATE TABLE "institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"method" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "institutions_method_known" CHECK ("institutions"."method" in ('bank', 'upi', 'wallet'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"amount" bigint NOT NULL,
	"reverses" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_reason_known" CHECK ("ledger_transfers"."reason" in ('welcome_bonus', 'task_reward', 'rebate', 'prize', 'redeem_code', 'withdrawal', 'withdrawal_refund', 'withdrawal_paid', 'withdrawal_fee', 'reversal'))
);
--> statement-breakpoint
CREATE TABLE "payout_callbacks" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" integer,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_callbacks_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"account" text NOT NULL,
	"ifsc" text,
	"cooling_off_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipients_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "recipients_method_known" CHECK ("recipients"."method" in ('bank', 'upi', 'wallet'))
);
--> statement-breakpoint
CREATE TABLE "simulator_payouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"submissions" integer DEFAULT 1 NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"fraction_digits" smallint NOT NULL,
	"method" text NOT NULL,
	"institution_id" integer NOT NULL,
	"institution_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account" text NOT NULL,
	"ifsc" text,
	"points" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	"hold_transfer_id" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failure_reason" text,
	"decided_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdraw_orders_state_known" CHECK ("withdraw_orders"."state" in ('awaiting_approval', 'queued', 'dispatched', 'dispatch_failed', 'success', 'failed')),
	CONSTRAINT "withdraw_orders_amounts" CHECK ("withdraw_orders"."amount" > 0 and "withdraw_orders"."points" > 0 and "withdraw_orders"."fee" >= 0 and "withdraw_orders"."total" = "withdraw_orders"."points" + "withdraw_orders"."fee")
);
--> statement-breakpoint
CREATE TABLE "withdraw_settings" (
	"currency" text PRIMARY KEY NOT NULL,
	"presets" jsonb NOT NULL,
	"min_amount" integer NOT NULL,
	"fee_bps" integer NOT NULL,
	"fee_min_points" integer NOT NULL,
	"daily_count" integer NOT NULL,
	"daily_amount" bigint NOT NULL,
	"approval_above" bigint NOT NULL,
	CONSTRAINT "withdraw_settings_positive" CHECK ("withdraw_settings"."min_amount" > 0 and "withdraw_settings"."daily_count" > 0 and "withdraw_settings"."daily_amount" > 0),
	CONSTRAINT "withdraw_settings_fee_range" CHECK ("withdraw_settings"."fee_bps" between 0 and 5000 and "withdraw_settings"."fee_min_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_reason_known";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_reverses_ledger_entries_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_entries_key_uq";--> statement-breakpoint
DROP INDEX "ledger_entries_reverses_uq";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account" text DEFAULT 'earner' NOT NULL;--> statement-breakpoint
-- Each single-sided entry so far becomes a transfer with the same id, key and reason: a credit
-- came from the platform's rewards account, a debit (a reversal) went back to it.
INSERT INTO "ledger_transfers" ("id", "idempotency_key", "reason", "amount", "reverses", "created_at")
  SELECT "id", "idempotency_key", "reason", abs("amount"), "reverses", "created_at" FROM "ledger_entries" ORDER BY "id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('ledger_transfers', 'id'), coalesce((SELECT max("id") FROM "ledger_transfers"), 0) + 1, false);--> statement-breakpoint
UPDATE "ledger_entries" SET "transfer_id" = "id";--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_reverses_ledger_transfers_id_fk" FOREIGN KEY ("reverses") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_callbacks" ADD CONSTRAINT "payout_callbacks_order_id_withdraw_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."withdraw_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD CONSTRAINT "withdraw_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD CONSTRAINT "withdraw_orders_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD CONSTRAINT "withdraw_orders_hold_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("hold_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD CONSTRAINT "withdraw_orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_name_uq" ON "institutions" USING btree ("country","method","name");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_key_uq" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reverses_uq" ON "ledger_transfers" USING btree ("reverses");--> statement-breakpoint
CREATE INDEX "payout_callbacks_order_idx" ON "payout_callbacks" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_orders_key_uq" ON "withdraw_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdraw_orders_user_idx" ON "withdraw_orders" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "withdraw_orders_state_idx" ON "withdraw_orders" USING btree ("state","requested_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_platform_idx" ON "ledger_entries" USING btree ("account") WHERE "ledger_entries"."user_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "reverses";--> statement-breakpoint
-- The platform's leg of each migrated entry, now that the columns only transfers keep are gone.
SELECT setval(pg_get_serial_sequence('ledger_entries', 'id'), coalesce((SELECT max("id") FROM "ledger_entries"), 0) + 1, false);--> statement-breakpoint
INSERT INTO "ledger_entries" ("transfer_id", "account", "user_id", "amount", "reason", "created_at")
  SELECT "transfer_id", 'rewards', NULL, -"amount", "reason", "created_at" FROM "ledger_entries" WHERE "account" = 'earner' ORDER BY "id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "transfer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "account" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_known" CHECK ("ledger_entries"."account" in ('earner', 'rewards', 'payouts_in_flight', 'paid_out', 'fees'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_earner_named" CHECK (("ledger_entries"."account" = 'earner') = ("ledger_entries"."user_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reason_known" CHECK ("ledger_entries"."reason" in ('welcome_bonus', 'task_reward', 'rebate', 'prize', 'redeem_code', 'withdrawal', 'withdrawal_refund', 'withdrawal_paid', 'withdrawal_fee', 'reversal'));--> statement-breakpoint
-- The double entry's invariant, checked when the transaction commits: the legs of every transfer
-- it wrote sum to zero, so all accounts together always do.
CREATE FUNCTION "ledger_transfer_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum("amount"), 0) FROM "ledger_entries" WHERE "transfer_id" = NEW."transfer_id") <> 0 THEN
    RAISE EXCEPTION 'ledger transfer % does not sum to zero', NEW."transfer_id" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transfer_balanced"();--> statement-breakpoint
-- Entries and transfers are append-only: a mistake is undone by a reversing transfer.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_append_only" BEFORE UPDATE OR DELETE ON "ledger_transfers" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
