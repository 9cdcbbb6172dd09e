CREATE TABLE "offer_clicks" (
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_clicks_user_id_offer_id_pk" PRIMARY KEY("user_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"partner" text NOT NULL,
	"title" text NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url" text NOT NULL,
	"price" bigint NOT NULL,
	"list_price" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_prices" CHECK ("offers"."price" >= 1 and ("offers"."list_price" - "offers"."price") * 100 >= "offers"."list_price" and "offers"."price" * 100 >= "offers"."list_price"),
	CONSTRAINT "offers_https" CHECK ("offers"."url" like 'https://%')
);
--> statement-breakpoint
ALTER TABLE "offer_clicks" ADD CONSTRAINT "offer_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_clicks" ADD CONSTRAINT "offer_clicks_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_clicks_offer_idx" ON "offer_clicks" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offers_currency_idx" ON "offers" USING btree ("currency","position") WHERE "offers"."active";