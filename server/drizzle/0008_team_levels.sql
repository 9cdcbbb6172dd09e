CREATE TABLE "level_rules" (
	"level" smallint PRIMARY KEY NOT NULL,
	"min_task_points" bigint NOT NULL,
	"min_active_invitees" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_rules_level_range" CHECK ("level_rules"."level" between 1 and 11),
	CONSTRAINT "level_rules_figures" CHECK ("level_rules"."min_task_points" >= 0 and "level_rules"."min_active_invitees" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "member_days_user_id_day_kind_pk" PRIMARY KEY("user_id","day","kind"),
	CONSTRAINT "member_days_kind_known" CHECK ("member_days"."kind" in ('earned', 'withdrew'))
);
--> statement-breakpoint
CREATE TABLE "rebate_rates" (
	"depth" smallint PRIMARY KEY NOT NULL,
	"bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_rates_depth_range" CHECK ("rebate_rates"."depth" between 1 and 5),
	CONSTRAINT "rebate_rates_bps_range" CHECK ("rebate_rates"."bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "team_daily_stats" (
	"ancestor_id" integer NOT NULL,
	"day" date NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"online_users" integer DEFAULT 0 NOT NULL,
	"online_points" bigint DEFAULT 0 NOT NULL,
	"withdrawal_users" integer DEFAULT 0 NOT NULL,
	"withdrawal_points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_daily_stats_ancestor_id_day_pk" PRIMARY KEY("ancestor_id","day")
);
--> statement-breakpoint
CREATE TABLE "team_rebates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"earner_id" integer NOT NULL,
	"upline_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "team_rebates_depth_range" CHECK ("team_rebates"."depth" between 1 and 5),
	CONSTRAINT "team_rebates_amount_positive" CHECK ("team_rebates"."amount" > 0),
	CONSTRAINT "team_rebates_status_known" CHECK ("team_rebates"."status" in ('held', 'paid')),
	CONSTRAINT "team_rebates_not_self" CHECK ("team_rebates"."earner_id" <> "team_rebates"."upline_id")
);
--> statement-breakpoint
CREATE TABLE "user_progress" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"task_points" bigint DEFAULT 0 NOT NULL,
	"active_invitees" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_run_id" integer,
	"level_seen" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "user_progress_figures" CHECK ("user_progress"."task_points" >= 0 and "user_progress"."active_invitees" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_days" ADD CONSTRAINT "member_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_daily_stats" ADD CONSTRAINT "team_daily_stats_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rebates" ADD CONSTRAINT "team_rebates_run_id_task_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."task_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rebates" ADD CONSTRAINT "team_rebates_earner_id_users_id_fk" FOREIGN KEY ("earner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rebates" ADD CONSTRAINT "team_rebates_upline_id_users_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_rebates_run_depth_key" ON "team_rebates" USING btree ("run_id","depth");--> statement-breakpoint
CREATE INDEX "team_rebates_upline_idx" ON "team_rebates" USING btree ("upline_id","status","paid_at");--> statement-breakpoint
CREATE INDEX "team_rebates_earner_held_idx" ON "team_rebates" USING btree ("earner_id") WHERE "team_rebates"."status" = 'held';--> statement-breakpoint
-- The configured defaults: DESIGN §5's rebates, and level thresholds an operator may change.
INSERT INTO "rebate_rates" ("depth", "bps") VALUES (1, 300), (2, 200), (3, 200), (4, 100), (5, 100);--> statement-breakpoint
INSERT INTO "level_rules" ("level", "min_task_points", "min_active_invitees") VALUES
  (1, 0, 0), (2, 50000, 0), (3, 200000, 1), (4, 500000, 2), (5, 1000000, 3), (6, 2000000, 5),
  (7, 4000000, 8), (8, 8000000, 12), (9, 15000000, 20), (10, 30000000, 35), (11, 60000000, 50);--> statement-breakpoint
-- Earners who were already here: their task earnings and first approved audit task, from the ledger and the runs.
INSERT INTO "user_progress" ("user_id", "task_points", "verified_at", "verified_run_id")
SELECT u."id",
  coalesce((SELECT sum(e."amount") FROM "ledger_entries" e WHERE e."user_id" = u."id" AND e."account" = 'earner' AND e."reason" = 'task_reward'), 0),
  (SELECT min(r."completed_at") FROM "task_runs" r JOIN "tasks" t ON t."id" = r."task_id" WHERE r."user_id" = u."id" AND t."kind" = 'audit' AND r."status" = 'completed'),
  (SELECT min(r."id") FROM "task_runs" r JOIN "tasks" t ON t."id" = r."task_id" WHERE r."user_id" = u."id" AND t."kind" = 'audit' AND r."status" = 'completed')
FROM "users" u;--> statement-breakpoint
UPDATE "user_progress" p SET "active_invitees" = (
  SELECT count(*) FROM "users" c JOIN "user_progress" cp ON cp."user_id" = c."id" WHERE c."inviter_id" = p."user_id" AND cp."verified_at" IS NOT NULL
);--> statement-breakpoint
INSERT INTO "team_daily_stats" ("ancestor_id", "day", "registered")
SELECT a."ancestor_id", (u."created_at" AT TIME ZONE 'UTC')::date, count(*)
FROM "user_ancestors" a JOIN "users" u ON u."id" = a."user_id"
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "member_days" ("user_id", "day", "kind")
SELECT DISTINCT e."user_id", (e."created_at" AT TIME ZONE 'UTC')::date, 'earned'
FROM "ledger_entries" e WHERE e."account" = 'earner' AND e."reason" = 'task_reward' AND e."amount" > 0;--> statement-breakpoint
INSERT INTO "team_daily_stats" ("ancestor_id", "day", "online_users", "online_points")
SELECT a."ancestor_id", x."day", count(DISTINCT x."user_id"), sum(x."amount")
FROM (SELECT e."user_id", (e."created_at" AT TIME ZONE 'UTC')::date AS "day", e."amount" FROM "ledger_entries" e
      WHERE e."account" = 'earner' AND e."reason" = 'task_reward' AND e."amount" > 0) x
JOIN "user_ancestors" a ON a."user_id" = x."user_id"
GROUP BY 1, 2
ON CONFLICT ("ancestor_id", "day") DO UPDATE SET "online_users" = excluded."online_users", "online_points" = excluded."online_points";--> statement-breakpoint
INSERT INTO "member_days" ("user_id", "day", "kind")
SELECT DISTINCT o."user_id", (o."requested_at" AT TIME ZONE 'UTC')::date, 'withdrew' FROM "withdraw_orders" o;--> statement-breakpoint
INSERT INTO "team_daily_stats" ("ancestor_id", "day", "withdrawal_users", "withdrawal_points")
SELECT a."ancestor_id", (o."requested_at" AT TIME ZONE 'UTC')::date, count(DISTINCT o."user_id"), sum(o."total")
FROM "withdraw_orders" o JOIN "user_ancestors" a ON a."user_id" = o."user_id"
GROUP BY 1, 2
ON CONFLICT ("ancestor_id", "day") DO UPDATE SET "withdrawal_users" = excluded."withdrawal_users", "withdrawal_points" = excluded."withdrawal_points";
--> statement-breakpoint
-- Levels as the new rules give them; a level never goes down.
UPDATE "users" u SET "level" = x."level"
FROM (SELECT p."user_id", (SELECT max(r."level") FROM "level_rules" r WHERE r."min_task_points" <= p."task_points" AND r."min_active_invitees" <= p."active_invitees") AS "level" FROM "user_progress" p) x
WHERE u."id" = x."user_id" AND x."level" > u."level";
