-- The console's fraud flags (two or more sign-ups of one inviter's from one browser id or one address)
-- were grouped from every sign-up on each read. The console now counts the open ones for its menu
-- every 30 s, so the groups are kept: one row per flag, only once it has two sign-ups, written by a
-- trigger on `signups` so that no way of adding a sign-up can leave the count behind. The raw browser
-- id or address stays in the database (as in `signups`); the key and the console see its digest only.
CREATE TABLE "signup_flag_groups" (
	"flag_key" text PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL REFERENCES "users"("id"),
	"shared_by" text NOT NULL,
	"shared_value" text NOT NULL,
	"signups" integer NOT NULL,
	"invitee_ids" integer[] NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signup_flag_groups_shared_by_known" CHECK ("shared_by" in ('device', 'address')),
	CONSTRAINT "signup_flag_groups_two_or_more" CHECK ("signups" >= 2)
);--> statement-breakpoint
CREATE INDEX "signup_flag_groups_last_idx" ON "signup_flag_groups" ("last_at" DESC, "inviter_id", "shared_by");--> statement-breakpoint
-- The trigger's two reads: one inviter's sign-ups from one browser id or one address, found by both
-- at once even behind a carrier's shared address. The inviter's index alone is their prefix.
CREATE INDEX "signups_inviter_ip_idx" ON "signups" ("inviter_id", "ip");--> statement-breakpoint
CREATE INDEX "signups_inviter_device_idx" ON "signups" ("inviter_id", "device_id") WHERE "device_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "signups_inviter_idx";--> statement-breakpoint
-- Counted again from the sign-ups, not incremented: under the inviter's lock, one sign-up's count
-- reads every sign-up committed before it, so two arriving together for one inviter both count.
CREATE FUNCTION signup_flag_groups_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.inviter_id IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('signup-flags:' || NEW.inviter_id, 0));
  -- Two statements of one shape rather than one over both kinds: each reads through its own index.
  IF NEW.device_id IS NOT NULL THEN
    INSERT INTO signup_flag_groups AS g (flag_key, inviter_id, shared_by, shared_value, signups, invitee_ids, last_at)
    SELECT 'signup:device:' || NEW.inviter_id || ':' || md5(NEW.device_id), NEW.inviter_id, 'device', NEW.device_id,
           count(*), array_agg(s.user_id ORDER BY s.user_id), max(s.created_at)
    FROM signups s WHERE s.inviter_id = NEW.inviter_id AND s.device_id = NEW.device_id
    HAVING count(*) > 1
    ON CONFLICT (flag_key) DO UPDATE SET signups = excluded.signups, invitee_ids = excluded.invitee_ids, last_at = excluded.last_at;
  END IF;
  INSERT INTO signup_flag_groups AS g (flag_key, inviter_id, shared_by, shared_value, signups, invitee_ids, last_at)
  SELECT 'signup:address:' || NEW.inviter_id || ':' || md5(NEW.ip), NEW.inviter_id, 'address', NEW.ip,
         count(*), array_agg(s.user_id ORDER BY s.user_id), max(s.created_at)
  FROM signups s WHERE s.inviter_id = NEW.inviter_id AND s.ip = NEW.ip
  HAVING count(*) > 1
  ON CONFLICT (flag_key) DO UPDATE SET signups = excluded.signups, invitee_ids = excluded.invitee_ids, last_at = excluded.last_at;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "signups_keep_flag_groups" AFTER INSERT ON "signups" FOR EACH ROW EXECUTE FUNCTION signup_flag_groups_keep();--> statement-breakpoint
-- The flags of the sign-ups made so far, as the grouped read found them.
INSERT INTO signup_flag_groups (flag_key, inviter_id, shared_by, shared_value, signups, invitee_ids, last_at)
SELECT 'signup:device:' || inviter_id || ':' || md5(device_id), inviter_id, 'device', device_id, count(*), array_agg(user_id ORDER BY user_id), max(created_at)
FROM signups WHERE inviter_id IS NOT NULL AND device_id IS NOT NULL GROUP BY inviter_id, device_id HAVING count(*) > 1
UNION ALL
SELECT 'signup:address:' || inviter_id || ':' || md5(ip), inviter_id, 'address', ip, count(*), array_agg(user_id ORDER BY user_id), max(created_at)
FROM signups WHERE inviter_id IS NOT NULL GROUP BY inviter_id, ip HAVING count(*) > 1;
