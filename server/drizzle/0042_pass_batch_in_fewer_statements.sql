-- A batch of passes costs PostgreSQL about a millisecond whatever it carries, and about 0.2 ms a
-- pass: ledger_pass_submissions_in_order ran ledger_pass_team_locks (three statements) and then
-- ledger_pass_submissions (0029, twenty more), and PostgreSQL builds the executor state of every
-- statement again at each call, plans kept or not (a quarter of PostgreSQL's samples in a profile
-- of one backend passing four a statement, bench/README.md, 2026-12-07). Over HTTP a batch holds a
-- handful of passes, so that fixed part is about half of what a pass costs the database.
--
-- The same steps, in the same order, taking the same rows, in fewer statements:
-- - the team's locks (ledger_pass_team_locks, for a pass alone too) lock the users rows in the
--   statement that finds them, and the pass, now in the function the server calls, does not lock
--   the submissions a second time;
-- - the claims are read by the statement that decides, which also counts the runs it passed;
-- - the reward's ledger transfers answer the entries they made (ledger_credit_many_entries, below),
--   instead of being read back by key;
-- - the draw's setting is read by the statement that grants the spins;
-- - the claims are released by the statement that logs the reviewers' passes;
-- - what has nothing to do is not run: the inviters' progress without a newly verified earner, and
--   ledger_credit_many without an earner to credit (the rebates of a team without uplines).
-- Every outcome and every row written is what it was (test/reviews-batch-equivalence.test.ts).

-- The ledger: several earners credited from one platform account, one transfer each, as
-- ledger_credit_many (0019, 0023) did, answering each earner entry made with its transfer's key.
-- Keys already posted move nothing and answer nothing. It has no settings of its own: it plans
-- under those of the function calling it (ledger_credit_many and the batch pass, below).
CREATE FUNCTION ledger_credit_many_entries(p_from text, p_reason text, p_user_ids integer[], p_amounts bigint[], p_keys text[])
RETURNS TABLE (idempotency_key text, entry_id bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_earning boolean := ledger_earning(p_reason);
BEGIN
  RETURN QUERY
  WITH src AS (SELECT * FROM unnest(p_user_ids, p_amounts, p_keys) AS s(user_id, amount, idempotency_key)),
  t AS (
    INSERT INTO ledger_transfers (idempotency_key, reason, amount)
    SELECT src.idempotency_key, p_reason, src.amount FROM src WHERE src.amount > 0
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key, amount, created_at
  ),
  tu AS (SELECT t.id, t.idempotency_key, t.amount, t.created_at, src.user_id FROM t JOIN src ON src.idempotency_key = t.idempotency_key),
  b AS (
    INSERT INTO balances (user_id, balance, earned, updated_at)
    SELECT tu.user_id, sum(tu.amount), CASE WHEN v_earning THEN sum(tu.amount) ELSE 0 END, now() FROM tu GROUP BY tu.user_id ORDER BY tu.user_id DESC
    ON CONFLICT (user_id) DO UPDATE SET balance = balances.balance + excluded.balance, earned = balances.earned + excluded.earned, updated_at = now()
  ),
  e AS (
    INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
    SELECT tu.id, p_from, NULL::integer, -tu.amount, p_reason, tu.created_at FROM tu
    UNION ALL
    SELECT tu.id, 'earner', tu.user_id, tu.amount, p_reason, tu.created_at FROM tu
    RETURNING id, transfer_id, account
  )
  SELECT tu.idempotency_key, e.id FROM e JOIN tu ON tu.id = e.transfer_id WHERE e.account = 'earner';
END;
$$;--> statement-breakpoint

-- The ledger: ledger_credit_many answers how many transfers it made, as before.
CREATE OR REPLACE FUNCTION ledger_credit_many(p_from text, p_reason text, p_user_ids integer[], p_amounts bigint[], p_keys text[])
RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_user_ids), 0) = 0 THEN
    RETURN 0;
  END IF;
  RETURN (SELECT count(*)::integer FROM ledger_credit_many_entries(p_from, p_reason, p_user_ids, p_amounts, p_keys));
END;
$$;--> statement-breakpoint

-- The team's locks (0027), the same rows in the same order: the submissions in id order, then the
-- users rows of their earners under review and of all their uplines in descending id (an upline's
-- id is below its member's), found and locked by one statement; then the balances that exist.
CREATE OR REPLACE FUNCTION ledger_pass_team_locks(p_submission_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_team integer[];
BEGIN
  WITH earners AS (
    SELECT s.user_id, s.status FROM submissions s WHERE s.id = ANY(p_submission_ids) ORDER BY s.id FOR NO KEY UPDATE
  ),
  team AS (
    SELECT e.user_id AS uid FROM earners e WHERE e.status = 'underReview'
    UNION
    SELECT a.ancestor_id FROM earners e JOIN user_ancestors a ON a.user_id = e.user_id WHERE e.status = 'underReview'
  )
  SELECT array_agg(l.id) INTO v_team
  FROM (SELECT u.id FROM users u WHERE u.id IN (SELECT team.uid FROM team) ORDER BY u.id DESC FOR NO KEY UPDATE OF u) l;
  IF v_team IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM balances b WHERE b.user_id = ANY(v_team) ORDER BY b.user_id DESC FOR NO KEY UPDATE;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledger_pass_submissions_in_order(p_submission_ids integer[], p_reviewer_ids integer[], p_reviewer_roles text[], p_nows timestamptz[])
RETURNS TABLE (
  ordinal integer, outcome text, id integer, run_id integer, user_id integer, task_id integer, pictures jsonb, status text, reason text,
  reviewer_id integer, created_at timestamptz, deadline_at timestamptz, reviewed_at timestamptz,
  task_title text, earner_id text, phone text, reward integer, duplicate_of integer[]
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_today date := (now() AT TIME ZONE 'UTC')::date;
  v_claimed integer[];
  -- The items that pass, aligned: ordinal, submission, run, reason, reviewer, role; and how many runs.
  v_p_ord integer[];
  v_p_sub integer[];
  v_p_run integer[];
  v_p_reason text[];
  v_p_rid integer[];
  v_p_role text[];
  v_p_runs integer;
  -- The runs the batch pays, aligned: id, earner, reward, audit task, ordinal of the item paying it;
  -- and how many of them pay more than nothing.
  v_r_id integer[];
  v_r_user integer[];
  v_r_reward integer[];
  v_r_audit boolean[];
  v_r_ord integer[];
  v_payable integer;
  v_locked integer;
  v_unpayable integer;
  v_touched integer[];
  v_points bigint[];
  v_invitees integer[];
  v_verified integer[];
  v_newly integer[];
  v_entry_keys text[];
  v_entries bigint[];
  v_moved integer;
BEGIN
  -- The batch's submissions, then its team's rows, in the order every pass takes them (0027), so
  -- that two batches, or a batch and a withdrawal batch, never wait on each other in a circle.
  PERFORM ledger_pass_team_locks(p_submission_ids);

  -- reviews: the decision, by the first item of each submission that may decide it; an item is kept
  -- out by another reviewer's live claim (as the batch starts) and by its reviewer's own submission.
  WITH it AS (
    SELECT * FROM unnest(p_submission_ids, p_reviewer_ids, p_reviewer_roles, p_nows) WITH ORDINALITY AS x(sid, rid, role, at, ord)
  ),
  claimed AS (
    SELECT it.ord::integer AS ord FROM it JOIN review_claims c ON c.submission_id = it.sid
    WHERE it.rid IS NOT NULL AND c.reviewer_id <> it.rid AND c.expires_at > it.at
  ),
  cand AS (
    SELECT DISTINCT ON (it.sid) it.sid, it.rid, it.role, it.at, it.ord::integer AS ord
    FROM it JOIN submissions s ON s.id = it.sid
    WHERE (it.rid IS NULL OR s.user_id <> it.rid) AND it.ord::integer NOT IN (SELECT claimed.ord FROM claimed)
    ORDER BY it.sid, it.ord
  ),
  up AS (
    UPDATE submissions s SET status = 'passed', reviewer_id = cand.rid, reviewed_at = cand.at
    FROM cand WHERE s.id = cand.sid AND s.status = 'underReview'
    RETURNING cand.ord, s.id, s.run_id, s.reason, cand.rid, cand.role
  )
  SELECT (SELECT array_agg(claimed.ord) FROM claimed),
         array_agg(p.ord), array_agg(p.id), array_agg(p.run_id), array_agg(p.reason), array_agg(p.rid), array_agg(p.role),
         count(DISTINCT p.run_id)::integer
  INTO v_claimed, v_p_ord, v_p_sub, v_p_run, v_p_reason, v_p_rid, v_p_role, v_p_runs
  FROM (SELECT * FROM up ORDER BY up.ord) p;

  IF v_p_ord IS NOT NULL THEN
    IF v_p_runs <> cardinality(v_p_run) THEN
      RAISE EXCEPTION 'batch passes one task run twice' USING ERRCODE = 'P0001';
    END IF;

    -- tasks: the runs, locked in id order, with their tasks' rewards; completed ones were paid before.
    -- The arrays take the rows in the order the lock took them (one sort, not one an array).
    SELECT count(*), count(*) FILTER (WHERE x.status NOT IN ('completed', 'passed', 'underReview')),
           count(*) FILTER (WHERE x.status <> 'completed' AND x.reward > 0),
           array_agg(x.id) FILTER (WHERE x.status <> 'completed'),
           array_agg(x.user_id) FILTER (WHERE x.status <> 'completed'),
           array_agg(x.reward) FILTER (WHERE x.status <> 'completed'),
           array_agg(x.kind = 'audit') FILTER (WHERE x.status <> 'completed'),
           array_agg(x.ord) FILTER (WHERE x.status <> 'completed')
    INTO v_locked, v_unpayable, v_payable, v_r_id, v_r_user, v_r_reward, v_r_audit, v_r_ord
    FROM (
      SELECT r.id, r.user_id, r.status, t.reward, t.kind, p.ord
      FROM task_runs r JOIN tasks t ON t.id = r.task_id JOIN unnest(v_p_run, v_p_ord) AS p(run_id, ord) ON p.run_id = r.id
      ORDER BY r.id FOR UPDATE OF r
    ) x;
    IF v_locked <> cardinality(v_p_run) OR v_unpayable > 0 THEN
      RAISE EXCEPTION 'batch holds a task run that cannot be paid' USING ERRCODE = 'P0001';
    END IF;
  END IF;

  IF v_r_id IS NOT NULL THEN
    -- levels: each earner's task points grow by what the batch pays them; their first audit task
    -- (in the batch's order) verifies them, remembered with its run.
    WITH runs AS (SELECT * FROM unnest(v_r_id, v_r_user, v_r_reward, v_r_audit, v_r_ord) AS r(id, user_id, reward, audit, ord)),
    per AS (
      SELECT runs.user_id, sum(runs.reward)::bigint AS points, (array_agg(runs.id ORDER BY runs.ord) FILTER (WHERE runs.audit))[1] AS audit_run
      FROM runs GROUP BY runs.user_id
    ),
    p AS (
      INSERT INTO user_progress (user_id, task_points, verified_at, verified_run_id)
      SELECT per.user_id, per.points, CASE WHEN per.audit_run IS NOT NULL THEN now() END, per.audit_run FROM per ORDER BY per.user_id DESC
      ON CONFLICT (user_id) DO UPDATE SET
        task_points = user_progress.task_points + excluded.task_points,
        verified_at = coalesce(user_progress.verified_at, excluded.verified_at),
        verified_run_id = coalesce(user_progress.verified_run_id, excluded.verified_run_id)
      RETURNING user_id, task_points, active_invitees, verified_at IS NOT NULL AS verified, verified_run_id = ANY(v_r_id) AS newly
    )
    SELECT array_agg(p.user_id), array_agg(p.user_id) FILTER (WHERE p.verified), array_agg(p.user_id) FILTER (WHERE p.newly),
           array_agg(p.task_points), array_agg(p.active_invitees)
    INTO v_touched, v_verified, v_newly, v_points, v_invitees FROM p;

    -- levels: a first verification makes the earner an active invitee of their inviter (a statement
    -- of its own: an inviter may be an earner of the same batch).
    IF v_newly IS NOT NULL THEN
      WITH q AS (
        INSERT INTO user_progress (user_id, active_invitees)
        SELECT u.inviter_id, count(*)::integer FROM users u
        WHERE u.id = ANY(v_newly) AND u.inviter_id IS NOT NULL
        GROUP BY u.inviter_id ORDER BY u.inviter_id DESC
        ON CONFLICT (user_id) DO UPDATE SET active_invitees = user_progress.active_invitees + excluded.active_invitees
        RETURNING user_id, task_points, active_invitees
      )
      SELECT v_touched || coalesce(array_agg(q.user_id), '{}'), v_points || coalesce(array_agg(q.task_points), '{}'),
             v_invitees || coalesce(array_agg(q.active_invitees), '{}')
      INTO v_touched, v_points, v_invitees FROM q;
    END IF;

    -- levels: recomputed from the operator's rules for everyone whose progress moved, never lowered,
    -- from the progress the two statements above answered (an earner in both: the second's, the last).
    UPDATE users u SET level = x.level
    FROM (
      SELECT DISTINCT ON (g.user_id) g.user_id,
             (SELECT max(l.level) FROM level_rules l WHERE l.min_task_points <= g.task_points AND l.min_active_invitees <= g.active_invitees) AS level
      FROM unnest(v_touched, v_points, v_invitees) WITH ORDINALITY AS g(user_id, task_points, active_invitees, ord)
      ORDER BY g.user_id, g.ord DESC
    ) x
    WHERE u.id = x.user_id AND x.level > u.level;

    -- ledger: the earners' credits, one transfer per run under its key, each answering the earner
    -- entry the run remembers.
    IF v_payable > 0 THEN
      WITH pay AS (
        SELECT array_agg(r.user_id) AS users, array_agg(r.reward::bigint) AS amounts, array_agg('task-run:' || r.id) AS keys
        FROM unnest(v_r_id, v_r_user, v_r_reward) AS r(id, user_id, reward) WHERE r.reward > 0
      )
      SELECT count(*)::integer, array_agg(c.idempotency_key), array_agg(c.entry_id) INTO v_moved, v_entry_keys, v_entries
      FROM pay, ledger_credit_many_entries('rewards', 'task_reward', pay.users, pay.amounts, pay.keys) c;
      IF v_moved <> v_payable THEN
        RAISE EXCEPTION 'batch meets a run whose ledger key is already posted' USING ERRCODE = 'P0001';
      END IF;
    END IF;

    -- tasks: the runs are completed, with what they paid and the entries that paid them.
    UPDATE task_runs tr SET status = 'completed', reason = NULL, reward_paid = r.reward, ledger_entry_id = e.entry, completed_at = now(), updated_at = now()
    FROM unnest(v_r_id, v_r_reward) AS r(id, reward)
    LEFT JOIN unnest(v_entry_keys, v_entries) AS e(idempotency_key, entry) ON e.idempotency_key = 'task-run:' || r.id
    WHERE tr.id = r.id;

    -- draw: the spins of the approved audit tasks, keyed by run, as many as the latest setting grants.
    IF true = ANY(v_r_audit) THEN
      INSERT INTO draw_spins (user_id, source, grant_key)
      SELECT r.user_id, 'audit_task', 'audit:' || r.id || ':' || n
      FROM (SELECT s.spins_per_audit_task AS spins FROM draw_settings s ORDER BY s.id DESC LIMIT 1) d,
           unnest(v_r_id, v_r_user, v_r_audit) AS r(id, user_id, audit), generate_series(1, d.spins) AS n
      WHERE r.audit
      ON CONFLICT (grant_key) DO NOTHING;
    END IF;

    -- team: the rebates held for the uplines of newly verified earners are paid, with the keys they would have had.
    IF v_newly IS NOT NULL THEN
      WITH src AS (
        UPDATE team_rebates SET status = 'paid', paid_at = now()
        WHERE earner_id = ANY(v_newly) AND status = 'held'
        RETURNING upline_id, amount, 'rebate:' || run_id || ':' || depth AS idempotency_key
      )
      SELECT ledger_credit_many('rewards', 'rebate', array_agg(src.upline_id), array_agg(src.amount::bigint), array_agg(src.idempotency_key)) INTO v_moved FROM src;
    END IF;

    -- team: the uplines' rebates on these rewards, paid by the rewards account when the earner is
    -- verified, held otherwise.
    WITH src AS (
      INSERT INTO team_rebates (run_id, earner_id, upline_id, depth, amount, status, paid_at)
      SELECT r.id, r.user_id, a.ancestor_id, a.depth, (r.reward::bigint * rr.bps) / 10000,
             CASE WHEN r.user_id = ANY(coalesce(v_verified, '{}')) THEN 'paid' ELSE 'held' END,
             CASE WHEN r.user_id = ANY(coalesce(v_verified, '{}')) THEN now() END
      FROM unnest(v_r_id, v_r_user, v_r_reward) AS r(id, user_id, reward)
      JOIN user_ancestors a ON a.user_id = r.user_id
      JOIN rebate_rates rr ON rr.depth = a.depth
      WHERE r.reward > 0 AND a.ancestor_id <> r.user_id AND (r.reward::bigint * rr.bps) / 10000 > 0
      ORDER BY a.ancestor_id DESC
      ON CONFLICT (run_id, depth) DO NOTHING
      RETURNING upline_id, amount, status, 'rebate:' || run_id || ':' || depth AS idempotency_key
    )
    SELECT ledger_credit_many('rewards', 'rebate', array_agg(src.upline_id) FILTER (WHERE src.status = 'paid'),
      array_agg(src.amount::bigint) FILTER (WHERE src.status = 'paid'), array_agg(src.idempotency_key) FILTER (WHERE src.status = 'paid'))
    INTO v_moved FROM src;

    -- team: today's rollups of every upline; a member counted once a day, the points always added.
    WITH per AS (
      SELECT r.user_id, sum(r.reward)::bigint AS points FROM unnest(v_r_user, v_r_reward) AS r(user_id, reward) WHERE r.reward > 0 GROUP BY r.user_id
    ),
    first AS (
      INSERT INTO member_days (user_id, day, kind) SELECT per.user_id, v_today, 'earned' FROM per
      ON CONFLICT DO NOTHING RETURNING user_id
    )
    INSERT INTO team_daily_stats (ancestor_id, day, online_users, online_points)
    SELECT a.ancestor_id, v_today, count(first.user_id)::integer, sum(per.points)
    FROM per JOIN user_ancestors a ON a.user_id = per.user_id LEFT JOIN first ON first.user_id = per.user_id
    GROUP BY a.ancestor_id ORDER BY a.ancestor_id DESC
    ON CONFLICT (ancestor_id, day) DO UPDATE SET
      online_users = team_daily_stats.online_users + excluded.online_users,
      online_points = team_daily_stats.online_points + excluded.online_points;
  END IF;

  IF v_p_ord IS NOT NULL THEN
    -- reviews: a decided submission needs no claim; admin: each reviewer's pass, logged with it.
    WITH released AS (
      DELETE FROM review_claims c
      WHERE c.submission_id IN (SELECT p.sid FROM unnest(v_p_sub, v_p_rid) AS p(sid, rid) WHERE p.rid IS NOT NULL)
    )
    INSERT INTO operator_actions (operator_id, operator_role, action, target_type, target_id, before, after, note)
    SELECT p.rid, p.role, 'review.pass', 'submission', p.sid::text,
           jsonb_build_object('status', 'underReview'), jsonb_build_object('status', 'passed', 'reason', p.reason), p.reason
    FROM unnest(v_p_ord, v_p_sub, v_p_rid, v_p_role, v_p_reason) AS p(ord, sid, rid, role, reason)
    WHERE p.rid IS NOT NULL
    ORDER BY p.ord;
  END IF;

  -- The answers, in the order a reviewer should hear them: another's claim (unless a pass earlier in
  -- the batch released it), unknown, their own, then how it was decided.
  RETURN QUERY
  WITH it AS (
    SELECT x.sid, x.rid, x.ord::integer AS ord FROM unnest(p_submission_ids, p_reviewer_ids) WITH ORDINALITY AS x(sid, rid, ord)
  ),
  passes AS (SELECT * FROM unnest(v_p_ord, v_p_sub, v_p_rid) AS p(ord, sid, rid)),
  answered AS (
    SELECT it.ord, it.sid, CASE
      WHEN EXISTS (SELECT 1 FROM passes WHERE passes.ord = it.ord) THEN 'passed'
      WHEN it.ord = ANY(coalesce(v_claimed, '{}'))
           AND NOT EXISTS (SELECT 1 FROM passes WHERE passes.sid = it.sid AND passes.ord < it.ord AND passes.rid IS NOT NULL) THEN 'claimed'
      WHEN s.id IS NULL THEN 'not_found'
      WHEN it.rid IS NOT NULL AND s.user_id = it.rid THEN 'own'
      WHEN s.status = 'passed' THEN 'repeat'
      ELSE 'decided' END AS outcome
    FROM it LEFT JOIN submissions s ON s.id = it.sid
  )
  SELECT a.ord, a.outcome, i.*
  FROM answered a
  LEFT JOIN LATERAL (
    SELECT s.id, s.run_id, s.user_id, s.task_id, s.pictures, s.status, s.reason, s.reviewer_id, s.created_at, s.deadline_at, s.reviewed_at,
           t.title, u.public_id, u.phone, coalesce(r.reward_paid, t.reward), review_item_duplicates(s.id)
    FROM submissions s
    JOIN tasks t ON t.id = s.task_id
    JOIN users u ON u.id = s.user_id
    JOIN task_runs r ON r.id = s.run_id
    WHERE s.id = a.sid
  ) AS i ON a.outcome IN ('passed', 'repeat')
  ORDER BY a.ord;
END;
$$;--> statement-breakpoint

-- No longer called: ledger_pass_submissions_in_order above holds its steps.
DROP FUNCTION ledger_pass_submissions(integer[], integer[], text[], timestamptz[]);--> statement-breakpoint

-- CREATE OR REPLACE drops a function's settings; each of these keeps one plan per connection for its
-- statements (0028) and reaches its rows by key (0030). test/reviews-batch.test.ts holds them.
ALTER FUNCTION ledger_pass_team_locks(integer[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION ledger_pass_team_locks(integer[]) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION ledger_pass_submissions_in_order(integer[], integer[], text[], timestamptz[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION ledger_pass_submissions_in_order(integer[], integer[], text[], timestamptz[]) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION ledger_credit_many(text, text, integer[], bigint[], text[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION ledger_credit_many(text, text, integer[], bigint[], text[]) SET enable_seqscan = off;
