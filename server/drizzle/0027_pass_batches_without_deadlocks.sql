-- Review passes that deadlocked with each other across two server processes, each with its own
-- batcher. ledger_pass_submissions (0020) takes the rows of one team in several sweeps, each in
-- descending user id: the earners' progress, then their inviters'; the earners' balances, then their
-- uplines' for the rebates. One sweep alone is ordered, two in a row are not. A batch passing member
-- X (invited by Y) and another passing Y and Z (Z invited by X) at the same moment could each hold a
-- row the other wanted next; PostgreSQL broke one side after a second and the server passed that
-- batch's items again one by one. A withdrawal batch (0026) taking X's balance, then Y's, met the
-- second batch the same way. test/pass-concurrency.test.ts makes all three (two batches, a pass
-- alone and a batch, a pass batch and a withdrawal batch); on the previous statements the first and
-- the last failed with "deadlock detected" in each of three runs, the second in one.
--
-- ledger_pass_team_locks takes, before anything else of a pass is changed, what the pass may change
-- of its team, each table in one sweep in descending user id (an upline's id is always below its
-- member's: the inviter registered first): the earners under review and all their uplines.
-- - Their users rows (FOR NO KEY UPDATE: what the level update takes; the foreign keys of the rows a
--   pass inserts take KEY SHARE, which does not wait for it). Progress rows that do not exist yet
--   cannot be locked, and a pass makes them: the users row stands for the member's progress.
-- - The balances that exist, as every payment takes them (ledger_credit_many, 0019), so a
--   withdrawal batch (0026) meets the pass in the same order.
-- Nothing is written: the passes change exactly the rows they changed before
-- (test/reviews-batch-equivalence.test.ts compares every row).
--
-- The server calls the two pass functions through ledger_pass_submission_in_order and
-- ledger_pass_submissions_in_order: each locks its submissions in id order first, as the pass
-- functions do (a pass takes its submission before any balance), then the team, then runs the pass
-- function unchanged, which finds those rows already held.
CREATE FUNCTION ledger_pass_team_locks(p_submission_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_team integer[];
BEGIN
  WITH earners AS (
    SELECT s.user_id, s.status FROM submissions s WHERE s.id = ANY(p_submission_ids) ORDER BY s.id FOR NO KEY UPDATE
  )
  SELECT array_agg(DISTINCT t.uid) INTO v_team
  FROM (
    SELECT e.user_id AS uid FROM earners e WHERE e.status = 'underReview'
    UNION ALL
    SELECT a.ancestor_id FROM earners e JOIN user_ancestors a ON a.user_id = e.user_id WHERE e.status = 'underReview'
  ) t;
  IF v_team IS NULL THEN
    RETURN;
  END IF;

  PERFORM 1 FROM users u WHERE u.id = ANY(v_team) ORDER BY u.id DESC FOR NO KEY UPDATE;
  PERFORM 1 FROM balances b WHERE b.user_id = ANY(v_team) ORDER BY b.user_id DESC FOR NO KEY UPDATE;
END;
$$;--> statement-breakpoint

CREATE FUNCTION ledger_pass_submission_in_order(p_submission_id integer, p_reviewer_id integer, p_reviewer_role text, p_now timestamptz)
RETURNS TABLE (
  outcome text, id integer, run_id integer, user_id integer, task_id integer, pictures jsonb, status text, reason text,
  reviewer_id integer, created_at timestamptz, deadline_at timestamptz, reviewed_at timestamptz,
  task_title text, earner_id text, phone text, reward integer, duplicate_of integer[]
)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_pass_team_locks(ARRAY[p_submission_id]);
  RETURN QUERY SELECT * FROM ledger_pass_submission(p_submission_id, p_reviewer_id, p_reviewer_role, p_now);
END;
$$;--> statement-breakpoint

CREATE FUNCTION ledger_pass_submissions_in_order(p_submission_ids integer[], p_reviewer_ids integer[], p_reviewer_roles text[], p_nows timestamptz[])
RETURNS TABLE (
  ordinal integer, outcome text, id integer, run_id integer, user_id integer, task_id integer, pictures jsonb, status text, reason text,
  reviewer_id integer, created_at timestamptz, deadline_at timestamptz, reviewed_at timestamptz,
  task_title text, earner_id text, phone text, reward integer, duplicate_of integer[]
)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_pass_team_locks(p_submission_ids);
  RETURN QUERY SELECT * FROM ledger_pass_submissions(p_submission_ids, p_reviewer_ids, p_reviewer_roles, p_nows);
END;
$$;
