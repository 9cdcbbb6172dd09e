CREATE TABLE "draw_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"daily_spins" smallint NOT NULL,
	"spins_per_audit_task" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_settings_rules" CHECK ("draw_settings"."daily_spins" between 0 and 100 and "draw_settings"."spins_per_audit_task" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "draw_spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"grant_key" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_key" text,
	"settings_id" integer,
	"prize_index" smallint,
	"amount" bigint,
	"ledger_entry_id" bigint,
	"used_at" timestamp with time zone,
	CONSTRAINT "draw_spins_source_known" CHECK ("draw_spins"."source" in ('daily', 'audit_task')),
	CONSTRAINT "draw_spins_outcome_whole" CHECK (("draw_spins"."used_at" is null and "draw_spins"."request_key" is null and "draw_spins"."settings_id" is null and "draw_spins"."prize_index" is null and "draw_spins"."amount" is null and "draw_spins"."ledger_entry_id" is null)
       or ("draw_spins"."used_at" is not null and "draw_spins"."request_key" is not null and "draw_spins"."settings_id" is not null and "draw_spins"."prize_index" >= 0 and "draw_spins"."amount" > 0 and "draw_spins"."ledger_entry_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "draw_spins" ADD CONSTRAINT "draw_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_spins" ADD CONSTRAINT "draw_spins_settings_id_draw_settings_id_fk" FOREIGN KEY ("settings_id") REFERENCES "public"."draw_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_spins" ADD CONSTRAINT "draw_spins_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_spins_grant_key_uq" ON "draw_spins" USING btree ("grant_key");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_spins_request_key_uq" ON "draw_spins" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "draw_spins_unused_idx" ON "draw_spins" USING btree ("user_id","id") WHERE "draw_spins"."used_at" is null;--> statement-breakpoint
CREATE INDEX "draw_spins_used_idx" ON "draw_spins" USING btree ("user_id","used_at") WHERE "draw_spins"."used_at" is not null;