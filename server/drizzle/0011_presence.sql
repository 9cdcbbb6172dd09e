CREATE TABLE "presence_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"slots" bit(2880) NOT NULL,
	"seconds" integer GENERATED ALWAYS AS ((30 * bit_count(slots & (slots >> 1)) + 60 * bit_count(slots & ~(slots >> 1) & (slots >> 2)))::integer) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "presence_days" ADD CONSTRAINT "presence_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;