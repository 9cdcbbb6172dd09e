-- A kept fraud flag held how many sign-ups it has twice: in `signups` and as the length of
-- `invitee_ids`, written together by the trigger. One of them is enough, and two that could
-- disagree are one too many: the count is now the array's length.
CREATE OR REPLACE FUNCTION signup_flag_groups_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.inviter_id IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('signup-flags:' || NEW.inviter_id, 0));
  -- Two statements of one shape rather than one over both kinds: each reads through its own index.
  IF NEW.device_id IS NOT NULL THEN
    INSERT INTO signup_flag_groups (flag_key, inviter_id, shared_by, shared_value, invitee_ids, last_at)
    SELECT 'signup:device:' || NEW.inviter_id || ':' || md5(NEW.device_id), NEW.inviter_id, 'device', NEW.device_id,
           array_agg(s.user_id ORDER BY s.user_id), max(s.created_at)
    FROM signups s WHERE s.inviter_id = NEW.inviter_id AND s.device_id = NEW.device_id
    HAVING count(*) > 1
    ON CONFLICT (flag_key) DO UPDATE SET invitee_ids = excluded.invitee_ids, last_at = excluded.last_at;
  END IF;
  INSERT INTO signup_flag_groups (flag_key, inviter_id, shared_by, shared_value, invitee_ids, last_at)
  SELECT 'signup:address:' || NEW.inviter_id || ':' || md5(NEW.ip), NEW.inviter_id, 'address', NEW.ip,
         array_agg(s.user_id ORDER BY s.user_id), max(s.created_at)
  FROM signups s WHERE s.inviter_id = NEW.inviter_id AND s.ip = NEW.ip
  HAVING count(*) > 1
  ON CONFLICT (flag_key) DO UPDATE SET invitee_ids = excluded.invitee_ids, last_at = excluded.last_at;
  RETURN NULL;
END;
$$;--> statement-breakpoint
ALTER TABLE "signup_flag_groups" DROP CONSTRAINT "signup_flag_groups_two_or_more";--> statement-breakpoint
ALTER TABLE "signup_flag_groups" DROP COLUMN "signups";--> statement-breakpoint
ALTER TABLE "signup_flag_groups" ADD CONSTRAINT "signup_flag_groups_two_or_more" CHECK (cardinality("invitee_ids") >= 2);
