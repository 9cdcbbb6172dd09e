-- Two SQL-language functions rewritten in PL/pgSQL, their meaning unchanged. A SQL function whose
-- body holds a subquery or reads a table cannot be inlined into its caller, so PostgreSQL parsed and
-- planned its body anew on every call; PL/pgSQL keeps each statement's plan for the session.
--
-- ledger_locked_points (0024) runs in every withdrawal request and every assetInfo read. In a
-- profile of one backend making withdrawal requests, parsing and planning it was 23 % of the
-- backend's time. A statement calling it took 431 µs against 78 µs now (bench/sql-functions.mjs,
-- one connection; a primary-key read took 43 µs in the same run).
CREATE OR REPLACE FUNCTION ledger_locked_points(p_user_id integer) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_entries e WHERE e.user_id = p_user_id AND e.reason = 'task_reward') THEN
    RETURN 0;
  END IF;
  RETURN greatest(0, (
    SELECT coalesce(sum(e.amount), 0)
    FROM ledger_entries e
    LEFT JOIN ledger_transfers r ON e.reason = 'reversal' AND r.id = e.transfer_id
    LEFT JOIN ledger_transfers undone ON undone.id = r.reverses
    WHERE e.user_id = p_user_id AND (e.reason = 'welcome_bonus' OR undone.reason = 'welcome_bonus')
  ));
END
$$;--> statement-breakpoint

-- review_item_duplicates (0019) runs once per item of the review queue's pages and once per decided
-- pass: a statement calling it took 129 µs before and 43 µs now, in the same run.
CREATE OR REPLACE FUNCTION review_item_duplicates(p_submission_id integer) RETURNS integer[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(array_agg(DISTINCT other.submission_id ORDER BY other.submission_id), '{}')
    FROM uploads mine
    JOIN uploads other ON other.content_hash = mine.content_hash AND other.user_id <> mine.user_id AND other.submission_id IS NOT NULL
    WHERE mine.submission_id = p_submission_id AND mine.content_hash IS NOT NULL
  );
END
$$;
