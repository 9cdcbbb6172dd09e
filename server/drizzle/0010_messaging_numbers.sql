CREATE TABLE "messaging_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"reward" bigint DEFAULT 0 NOT NULL,
	"capped" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_daily_points" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "messaging_daily_points_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "messaging_daily_points_non_negative" CHECK ("messaging_daily_points"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messaging_inbound" (
	"message_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_numbers" (
	"phone" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_rewards" (
	"phone" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"day" date NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_rewards_amount" CHECK ("messaging_rewards"."amount" > 0 and "messaging_rewards"."ledger_entry_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "messaging_sign_uses" (
	"sign" text NOT NULL,
	"time" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messaging_sign_uses_sign_time_pk" PRIMARY KEY("sign","time")
);
--> statement-breakpoint
ALTER TABLE "messaging_codes" ADD CONSTRAINT "messaging_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_daily_points" ADD CONSTRAINT "messaging_daily_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_numbers" ADD CONSTRAINT "messaging_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_rewards" ADD CONSTRAINT "messaging_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_rewards" ADD CONSTRAINT "messaging_rewards_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messaging_codes_user_idx" ON "messaging_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "messaging_codes_phone_idx" ON "messaging_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "messaging_numbers_user_idx" ON "messaging_numbers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messaging_rewards_user_day_idx" ON "messaging_rewards" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "messaging_sign_uses_expiry_idx" ON "messaging_sign_uses" USING btree ("expires_at");