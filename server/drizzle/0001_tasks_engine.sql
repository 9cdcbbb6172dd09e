CREATE TABLE "redeem_code_uses" (
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_code_uses_code_user_id_pk" PRIMARY KEY("code","user_id")
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"reward" integer NOT NULL,
	"max_uses" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_codes_reward_positive" CHECK ("redeem_codes"."reward" > 0),
	CONSTRAINT "redeem_codes_uses" CHECK ("redeem_codes"."used" between 0 and "redeem_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_run_id_unique" UNIQUE("run_id")
);
--> statement-breakpoint
CREATE TABLE "share_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"visitor_key" text NOT NULL,
	"address_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"pictures" jsonb NOT NULL,
	"status" text DEFAULT 'underReview' NOT NULL,
	"reason" text,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "submissions_status_known" CHECK ("submissions"."status" in ('underReview', 'passed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "task_daily_counts" (
	"task_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_daily_counts_task_id_day_pk" PRIMARY KEY("task_id","day")
);
--> statement-breakpoint
CREATE TABLE "task_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"period" text NOT NULL,
	"seq" smallint NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'inProgress' NOT NULL,
	"reason" text,
	"reward_paid" integer,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "task_runs_status_known" CHECK ("task_runs"."status" in ('inProgress', 'underReview', 'passed', 'failed', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_steps" ADD COLUMN "action" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "target_url" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "proof_pictures" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "visits_needed" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "daily_cap" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'earner' NOT NULL;--> statement-breakpoint
ALTER TABLE "redeem_code_uses" ADD CONSTRAINT "redeem_code_uses_code_redeem_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."redeem_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_uses" ADD CONSTRAINT "redeem_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_uses" ADD CONSTRAINT "redeem_code_uses_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_run_id_task_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."task_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visits" ADD CONSTRAINT "share_visits_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_run_id_task_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."task_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_daily_counts" ADD CONSTRAINT "task_daily_counts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_runs" ADD CONSTRAINT "task_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_runs" ADD CONSTRAINT "task_runs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_runs" ADD CONSTRAINT "task_runs_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_visits_visitor_uq" ON "share_visits" USING btree ("link_id","visitor_key");--> statement-breakpoint
CREATE UNIQUE INDEX "share_visits_address_uq" ON "share_visits" USING btree ("link_id","address_key");--> statement-breakpoint
CREATE INDEX "submissions_user_idx" ON "submissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "submissions_run_idx" ON "submissions" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "submissions_pending_idx" ON "submissions" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_runs_attempt_uq" ON "task_runs" USING btree ("user_id","task_id","period","seq");--> statement-breakpoint
CREATE INDEX "task_runs_user_idx" ON "task_runs" USING btree ("user_id","task_id","period");--> statement-breakpoint
CREATE INDEX "task_runs_task_completed_idx" ON "task_runs" USING btree ("task_id","completed_at");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "task_steps" ADD CONSTRAINT "task_steps_action_known" CHECK ("task_steps"."action" in ('open', 'share', 'proof', 'hang', 'messaging'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_known" CHECK ("tasks"."kind" in ('joinGroup', 'share', 'hang', 'messaging', 'audit', 'registration', 'appDownload', 'redeemCode'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_times_positive" CHECK ("tasks"."times_per_period" >= 1);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_proof_pictures_range" CHECK ("tasks"."proof_pictures" between 1 and 2);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_visits_positive" CHECK ("tasks"."visits_needed" >= 1);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_daily_cap_positive" CHECK ("tasks"."daily_cap" is null or "tasks"."daily_cap" >= 1);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_reset_time_format" CHECK ("tasks"."reset_time" is null or "tasks"."reset_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('earner', 'reviewer', 'operator'));--> statement-breakpoint
-- Steps made before actions existed: their page tells what finishing them takes.
UPDATE "task_steps" SET "action" = CASE "h5_url" WHEN '/auditTask' THEN 'proof' WHEN '/shareTask' THEN 'share' WHEN '/hangTask' THEN 'hang' WHEN '/wsTask' THEN 'messaging' ELSE 'open' END;
