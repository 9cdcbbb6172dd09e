-- The batch pass (0020) read back from user_progress the rows it had just written, to recompute the
-- earners' levels: `WHERE user_id = ANY(v_touched)`. 0028 keeps one plan per connection for the
-- whole function, made on its first call; a connection that first called it while user_progress
-- was small (a new database, or one whose statistics are old: ANALYZE is what makes PostgreSQL
-- plan again) scanned the whole table for that statement on every batch from then on. Measured
-- under the review-pass benchmark: 0.74-0.80 ms of a 2.2-2.9 ms batch, the table at 3,200 rows, the
-- scan growing with it (pg_stat_statements and auto_explain, bench/README.md, 2026-11-29).
--
-- The two upserts before it already answer each earner's progress, so the levels are now computed
-- from what they returned: user_progress is not read again, and no plan of it can go stale. Every
-- outcome and every row written is otherwise what it was.
CREATE OR REPLACE FUNCTION ledger_pass_submissions(p_submission_ids integer[], p_reviewer_ids integer[], p_reviewer_roles text[], p_nows timestamptz[])
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
  -- The items that pass, aligned: ordinal, submission, run, reason, reviewer, role.
  v_p_ord integer[];
  v_p_sub integer[];
  v_p_run integer[];
  v_p_reason text[];
  v_p_rid integer[];
  v_p_role text[];
  -- The runs the batch pays, aligned: id, earner, reward, audit task, ordinal of the item paying it.
  v_r_id integer[];
  v_r_user integer[];
  v_r_reward integer[];
  v_r_audit boolean[];
  v_r_ord integer[];
  v_locked integer;
  v_unpayable integer;
  v_touched integer[];
  v_points bigint[];
  v_invitees integer[];
  v_verified integer[];
  v_newly integer[];
  v_entry_keys text[];
  v_entries bigint[];
  v_spins integer;
  v_moved integer;
BEGIN
  -- reviews: the batch's submissions, locked in id order so that two batches never wait on each other in a circle.
  PERFORM 1 FROM submissions s WHERE s.id = ANY(p_submission_ids) ORDER BY s.id FOR NO KEY UPDATE;

  -- reviews: items another reviewer's live claim keeps from deciding (as the batch starts).
  SELECT array_agg(it.ord) INTO v_claimed
  FROM unnest(p_submission_ids, p_reviewer_ids, p_nows) WITH ORDINALITY AS it(sid, rid, at, ord)
  JOIN review_claims c ON c.submission_id = it.sid
  WHERE it.rid IS NOT NULL AND c.reviewer_id <> it.rid AND c.expires_at > it.at;

  -- reviews: the decision, by the first item of each submission that may decide it.
  WITH it AS (
    SELECT * FROM unnest(p_submission_ids, p_reviewer_ids, p_reviewer_roles, p_nows) WITH ORDINALITY AS x(sid, rid, role, at, ord)
  ),
  cand AS (
    SELECT DISTINCT ON (it.sid) it.sid, it.rid, it.role, it.at, it.ord::integer AS ord
    FROM it JOIN submissions s ON s.id = it.sid
    WHERE (it.rid IS NULL OR s.user_id <> it.rid) AND NOT (it.ord::integer = ANY(coalesce(v_claimed, '{}')))
    ORDER BY it.sid, it.ord
  ),
  up AS (
    UPDATE submissions s SET status = 'passed', reviewer_id = cand.rid, reviewed_at = cand.at
    FROM cand WHERE s.id = cand.sid AND s.status = 'underReview'
    RETURNING cand.ord, s.id, s.run_id, s.reason, cand.rid, cand.role
  )
  SELECT array_agg(up.ord ORDER BY up.ord), array_agg(up.id ORDER BY up.ord), array_agg(up.run_id ORDER BY up.ord),
         array_agg(up.reason ORDER BY up.ord), array_agg(up.rid ORDER BY up.ord), array_agg(up.role ORDER BY up.ord)
  INTO v_p_ord, v_p_sub, v_p_run, v_p_reason, v_p_rid, v_p_role FROM up;

  IF v_p_ord IS NOT NULL THEN
    IF (SELECT count(DISTINCT r) FROM unnest(v_p_run) r) <> cardinality(v_p_run) THEN
      RAISE EXCEPTION 'batch passes one task run twice' USING ERRCODE = 'P0001';
    END IF;

    -- tasks: the runs, locked in id order, with their tasks' rewards; completed ones were paid before.
    SELECT count(*), count(*) FILTER (WHERE x.status NOT IN ('completed', 'passed', 'underReview')),
           array_agg(x.id ORDER BY x.id) FILTER (WHERE x.status <> 'completed'),
           array_agg(x.user_id ORDER BY x.id) FILTER (WHERE x.status <> 'completed'),
           array_agg(x.reward ORDER BY x.id) FILTER (WHERE x.status <> 'completed'),
           array_agg(x.kind = 'audit' ORDER BY x.id) FILTER (WHERE x.status <> 'completed'),
           array_agg(x.ord ORDER BY x.id) FILTER (WHERE x.status <> 'completed')
    INTO v_locked, v_unpayable, v_r_id, v_r_user, v_r_reward, v_r_audit, v_r_ord
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
    WITH q AS (
      INSERT INTO user_progress (user_id, active_invitees)
      SELECT u.inviter_id, count(*)::integer FROM users u
      WHERE u.id = ANY(coalesce(v_newly, '{}')) AND u.inviter_id IS NOT NULL
      GROUP BY u.inviter_id ORDER BY u.inviter_id DESC
      ON CONFLICT (user_id) DO UPDATE SET active_invitees = user_progress.active_invitees + excluded.active_invitees
      RETURNING user_id, task_points, active_invitees
    )
    SELECT v_touched || coalesce(array_agg(q.user_id), '{}'), v_points || coalesce(array_agg(q.task_points), '{}'),
           v_invitees || coalesce(array_agg(q.active_invitees), '{}')
    INTO v_touched, v_points, v_invitees FROM q;

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

    -- ledger: the earners' credits, one transfer per run under its key (ledger_credit_many, 0019);
    -- then the earner entry of each, which the run remembers.
    SELECT ledger_credit_many('rewards', 'task_reward', array_agg(r.user_id), array_agg(r.reward::bigint), array_agg('task-run:' || r.id)) INTO v_moved
    FROM unnest(v_r_id, v_r_user, v_r_reward) AS r(id, user_id, reward) WHERE r.reward > 0;
    IF coalesce(v_moved, 0) <> (SELECT count(*) FROM unnest(v_r_reward) AS r(reward) WHERE r.reward > 0) THEN
      RAISE EXCEPTION 'batch meets a run whose ledger key is already posted' USING ERRCODE = 'P0001';
    END IF;
    SELECT array_agg(t.idempotency_key), array_agg(e.id) INTO v_entry_keys, v_entries
    FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id AND e.account = 'earner'
    WHERE t.idempotency_key IN (SELECT 'task-run:' || r.id FROM unnest(v_r_id, v_r_reward) AS r(id, reward) WHERE r.reward > 0);

    -- tasks: the runs are completed, with what they paid and the entries that paid them.
    UPDATE task_runs tr SET status = 'completed', reason = NULL, reward_paid = r.reward, ledger_entry_id = e.entry, completed_at = now(), updated_at = now()
    FROM unnest(v_r_id, v_r_reward) AS r(id, reward)
    LEFT JOIN unnest(v_entry_keys, v_entries) AS e(idempotency_key, entry) ON e.idempotency_key = 'task-run:' || r.id
    WHERE tr.id = r.id;

    -- draw: the spins of the approved audit tasks, keyed by run.
    IF true = ANY(v_r_audit) THEN
      SELECT s.spins_per_audit_task INTO v_spins FROM draw_settings s ORDER BY s.id DESC LIMIT 1;
      IF coalesce(v_spins, 0) > 0 THEN
        INSERT INTO draw_spins (user_id, source, grant_key)
        SELECT r.user_id, 'audit_task', 'audit:' || r.id || ':' || n
        FROM unnest(v_r_id, v_r_user, v_r_audit) AS r(id, user_id, audit), generate_series(1, v_spins) AS n
        WHERE r.audit
        ON CONFLICT (grant_key) DO NOTHING;
      END IF;
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
    DELETE FROM review_claims c
    WHERE c.submission_id IN (SELECT p.sid FROM unnest(v_p_sub, v_p_rid) AS p(sid, rid) WHERE p.rid IS NOT NULL);
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
-- CREATE OR REPLACE drops the setting 0028 gave it: test/reviews-batch.test.ts holds it.
ALTER FUNCTION ledger_pass_submissions(integer[], integer[], text[], timestamptz[]) SET plan_cache_mode = force_generic_plan;
