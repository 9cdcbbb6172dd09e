ALTER TABLE "users" DROP CONSTRAINT "users_role_known";--> statement-breakpoint
-- The one operator role of the first versions could do everything: it is an admin now.
UPDATE "users" SET "role" = 'admin' WHERE "role" = 'operator';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('earner', 'admin', 'reviewer', 'payout'));