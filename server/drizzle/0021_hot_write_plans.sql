-- The hot write functions keep their plans. A plpgsql statement is planned again on every call while
-- PostgreSQL judges a custom plan worth it, and for these functions (twenty-odd statements over a
-- few rows each) it always did: planning was about 45 % of what a batch of reviewer passes cost the
-- database (a profile of the backend), more than running the statements. A generic plan is made once
-- per connection and made again when a table's statistics change, so it follows the tables as they grow.
ALTER FUNCTION ledger_pass_submissions(integer[], integer[], text[], timestamptz[]) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION ledger_pass_submission(integer, integer, text, timestamptz) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint

-- The duplicate check, same query: a SQL function that cannot be inlined (an aggregate) is planned
-- on each call, once per review item answered; a plpgsql one keeps its plan for the connection.
CREATE OR REPLACE FUNCTION review_item_duplicates(p_submission_id integer) RETURNS integer[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(array_agg(DISTINCT other.submission_id ORDER BY other.submission_id), '{}')
    FROM uploads mine
    JOIN uploads other ON other.content_hash = mine.content_hash AND other.user_id <> mine.user_id AND other.submission_id IS NOT NULL
    WHERE mine.submission_id = p_submission_id AND mine.content_hash IS NOT NULL
  );
END;
$$;
