-- Partner offers per currency (SPEC §7 goods) and each earner's first click on one. The earner pays
-- the partner, never Grab: nothing here touches the ledger. `discount` is in tenths of the usual
-- price that the earner pays (8 = 20 % off, docs/offers.md); the price to pay is derived once here.
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"partner" text NOT NULL,
	"title" text NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"icon" text DEFAULT 'gift' NOT NULL,
	"url" text NOT NULL,
	"list_price" bigint NOT NULL,
	"discount" smallint NOT NULL,
	"price" bigint GENERATED ALWAYS AS ((list_price * discount + 5) / 10) STORED NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_discount_tenths" CHECK ("offers"."discount" between 1 and 9),
	CONSTRAINT "offers_list_price_positive" CHECK ("offers"."list_price" >= 10),
	CONSTRAINT "offers_https" CHECK ("offers"."url" like 'https://%'),
	CONSTRAINT "offers_icon_known" CHECK ("offers"."icon" in ('data', 'audio', 'grocery', 'gift'))
);--> statement-breakpoint
CREATE INDEX "offers_currency_idx" ON "offers" USING btree ("currency","position") WHERE "offers"."active";--> statement-breakpoint
CREATE TABLE "offer_clicks" (
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"offer_id" integer NOT NULL REFERENCES "offers"("id"),
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_clicks_user_id_offer_id_pk" PRIMARY KEY("user_id","offer_id")
);--> statement-breakpoint
CREATE INDEX "offer_clicks_offer_idx" ON "offer_clicks" USING btree ("offer_id");
