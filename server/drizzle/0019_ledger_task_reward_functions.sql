-- A task reward and a reviewer's pass, each in one statement (the ledger's own functions, as
-- pgledger keeps its transfers in SQL, like ledger_request_withdrawal in 0012). A pass used to make
-- about fifteen round trips, and PostgreSQL spent most of the pass idle in its transaction waiting
-- for the server's next statement; here the whole decision runs inside the database.
--
-- Who owns what stays as it was: each block below is the SQL form of one module's named operation
-- and says which (the TypeScript versions were removed, so each still has one writer). The ledger
-- rows and balances are written only by ledger_credit and ledger_credit_many.

-- The reviewer console's duplicate check: other earners' submissions holding a picture with the
-- same content. One definition for the review list and for the pass's answer.
CREATE OR REPLACE FUNCTION review_item_duplicates(p_submission_id integer) RETURNS integer[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT other.submission_id ORDER BY other.submission_id), '{}')
  FROM uploads mine
  JOIN uploads other ON other.content_hash = mine.content_hash AND other.user_id <> mine.user_id AND other.submission_id IS NOT NULL
  WHERE mine.submission_id = p_submission_id AND mine.content_hash IS NOT NULL
$$;
--> statement-breakpoint

-- Several earners credited from one platform account, one transfer each; keys already posted move
-- nothing. Balances are taken in descending user id (nearest upline first), the order every payment
-- locks them in, so two payments in one team never wait on each other in a circle. Returns the
-- number of transfers made.
CREATE OR REPLACE FUNCTION ledger_credit_many(p_from text, p_reason text, p_user_ids integer[], p_amounts bigint[], p_keys text[])
RETURNS integer LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_created integer;
BEGIN
  WITH src AS (SELECT * FROM unnest(p_user_ids, p_amounts, p_keys) AS s(user_id, amount, idempotency_key)),
  t AS (
    INSERT INTO ledger_transfers (idempotency_key, reason, amount)
    SELECT src.idempotency_key, p_reason, src.amount FROM src WHERE src.amount > 0
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key, amount, created_at
  ),
  tu AS (SELECT t.id, t.amount, t.created_at, src.user_id FROM t JOIN src ON src.idempotency_key = t.idempotency_key),
  b AS (
    INSERT INTO balances (user_id, balance, updated_at)
    SELECT tu.user_id, sum(tu.amount), now() FROM tu GROUP BY tu.user_id ORDER BY tu.user_id DESC
    ON CONFLICT (user_id) DO UPDATE SET balance = balances.balance + excluded.balance, updated_at = now()
  ),
  e AS (
    INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
    SELECT tu.id, p_from, NULL::integer, -tu.amount, p_reason, tu.created_at FROM tu
    UNION ALL
    SELECT tu.id, 'earner', tu.user_id, tu.amount, p_reason, tu.created_at FROM tu
  )
  SELECT count(*)::integer INTO v_created FROM tu;
  RETURN v_created;
END;
$$;
--> statement-breakpoint

-- One earner credited from the rewards account under an idempotency key: the transfer, its two
-- legs and the balance. A key already posted moves nothing and answers its first credit, provided it
-- meant the same movement (a reused key with another meaning is a bug in the caller).
CREATE OR REPLACE FUNCTION ledger_credit(p_user_id integer, p_amount bigint, p_reason text, p_key text)
RETURNS bigint LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_transfer bigint;
  v_created timestamptz;
  v_entry bigint;
BEGIN
  INSERT INTO ledger_transfers (idempotency_key, reason, amount) VALUES (p_key, p_reason, p_amount)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, created_at INTO v_transfer, v_created;
  IF v_transfer IS NULL THEN
    SELECT e.id INTO v_entry FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
    WHERE t.idempotency_key = p_key AND t.amount = p_amount AND t.reason = p_reason AND e.account = 'earner' AND e.user_id = p_user_id AND e.amount > 0;
    IF v_entry IS NULL THEN RAISE EXCEPTION 'ledger key % reused for another movement', p_key USING ERRCODE = 'P0001'; END IF;
    RETURN v_entry;
  END IF;
  INSERT INTO balances (user_id, balance, updated_at) VALUES (p_user_id, p_amount, now())
  ON CONFLICT (user_id) DO UPDATE SET balance = balances.balance + excluded.balance, updated_at = now();
  INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
  VALUES (v_transfer, 'rewards', NULL, -p_amount, p_reason, v_created);
  INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
  VALUES (v_transfer, 'earner', p_user_id, p_amount, p_reason, v_created)
  RETURNING id INTO v_entry;
  RETURN v_entry;
END;
$$;
--> statement-breakpoint

-- The one path by which a finished task run pays its earner (the tasks module's `payRun` calls it
-- inside its caller's transaction). The run row is locked first, so two callers at once queue and the
-- second finds it completed; the ledger key `task-run:<id>` is the second guard. Everything a reward
-- moves happens here, in the order of the row locks every payment takes: the earner's progress and
-- level (and, on a first approved audit task, the inviter's), the earner's credit, an audit task's
-- draw spins, the held rebates released, the uplines' rebates (nearest first), the team's rollups.
-- Outcomes: 'paid', 'repeat' (paid before, nothing moved), 'not_found', 'not_payable'.
CREATE OR REPLACE FUNCTION ledger_pay_task_run(p_run_id integer)
RETURNS TABLE (outcome text, earner integer, paid integer, entry bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_run record;
  v_audit boolean;
  v_verified boolean;
  v_newly boolean;
  v_entry bigint;
  v_spins integer;
  v_moved integer;
  v_today date := (now() AT TIME ZONE 'UTC')::date;
BEGIN
  -- tasks: the run with its task's reward; `of` keeps the lock on the run, so runs of one task never queue on the task.
  SELECT r.user_id, r.status, r.reward_paid, r.ledger_entry_id, t.reward, t.kind INTO v_run
  FROM task_runs r JOIN tasks t ON t.id = r.task_id WHERE r.id = p_run_id FOR UPDATE OF r;
  IF NOT FOUND THEN RETURN QUERY SELECT 'not_found'::text, NULL::integer, NULL::integer, NULL::bigint; RETURN; END IF;
  IF v_run.status = 'completed' THEN
    RETURN QUERY SELECT 'repeat'::text, v_run.user_id, coalesce(v_run.reward_paid, 0), v_run.ledger_entry_id; RETURN;
  END IF;
  -- Only a run that earned its reward is paid: passed by the engine, or under review and being passed.
  IF v_run.status NOT IN ('passed', 'underReview') THEN
    RETURN QUERY SELECT 'not_payable'::text, v_run.user_id, NULL::integer, NULL::bigint; RETURN;
  END IF;
  v_audit := v_run.kind = 'audit';

  -- levels: lifetime task points grow; an audit task verifies the earner (once, remembered with its
  -- run); a first verification makes them an active invitee of their inviter; both levels are
  -- recomputed from the operator's rules, never lowered. Progress rows: the earner's, then the inviter's.
  WITH p AS (
    INSERT INTO user_progress (user_id, task_points, verified_at, verified_run_id)
    VALUES (v_run.user_id, v_run.reward, CASE WHEN v_audit THEN now() END, CASE WHEN v_audit THEN p_run_id END)
    ON CONFLICT (user_id) DO UPDATE SET
      task_points = user_progress.task_points + excluded.task_points,
      verified_at = coalesce(user_progress.verified_at, excluded.verified_at),
      verified_run_id = coalesce(user_progress.verified_run_id, excluded.verified_run_id)
    RETURNING user_id, task_points, active_invitees, verified_at IS NOT NULL AS verified, verified_run_id = p_run_id AS newly_verified
  ),
  q AS (
    INSERT INTO user_progress (user_id, active_invitees)
    SELECT u.inviter_id, 1 FROM users u, p WHERE u.id = v_run.user_id AND u.inviter_id IS NOT NULL AND p.newly_verified
    ON CONFLICT (user_id) DO UPDATE SET active_invitees = user_progress.active_invitees + 1
    RETURNING user_id, task_points, active_invitees
  ),
  lv AS (
    UPDATE users u SET level = x.level
    FROM (
      SELECT c.user_id, (SELECT max(l.level) FROM level_rules l WHERE l.min_task_points <= c.task_points AND l.min_active_invitees <= c.active_invitees) AS level
      FROM (SELECT user_id, task_points, active_invitees FROM p UNION ALL SELECT user_id, task_points, active_invitees FROM q) c
    ) x
    WHERE u.id = x.user_id AND x.level > u.level
  )
  SELECT p.verified, coalesce(p.newly_verified, false) INTO v_verified, v_newly FROM p;

  -- ledger: the earner's credit.
  IF v_run.reward > 0 THEN
    v_entry := ledger_credit(v_run.user_id, v_run.reward, 'task_reward', 'task-run:' || p_run_id);
  END IF;

  -- tasks: the run is completed, with what it paid and the entry that paid it.
  UPDATE task_runs SET status = 'completed', reason = NULL, reward_paid = v_run.reward, ledger_entry_id = v_entry, completed_at = now(), updated_at = now()
  WHERE id = p_run_id;

  -- draw: the spins of an approved audit task exist exactly when it is paid; the run in the key
  -- makes a second attempt grant nothing.
  IF v_audit THEN
    SELECT s.spins_per_audit_task INTO v_spins FROM draw_settings s ORDER BY s.id DESC LIMIT 1;
    IF coalesce(v_spins, 0) > 0 THEN
      INSERT INTO draw_spins (user_id, source, grant_key)
      SELECT v_run.user_id, 'audit_task', 'audit:' || p_run_id || ':' || n FROM generate_series(1, v_spins) AS n
      ON CONFLICT (grant_key) DO NOTHING;
    END IF;
  END IF;

  -- team: on the earner's first approved audit task, every rebate held for their uplines is paid,
  -- with the keys it would have had.
  IF v_newly THEN
    WITH src AS (
      UPDATE team_rebates SET status = 'paid', paid_at = now()
      WHERE earner_id = v_run.user_id AND status = 'held'
      RETURNING upline_id, amount, 'rebate:' || run_id || ':' || depth AS idempotency_key
    )
    SELECT ledger_credit_many('rewards', 'rebate', array_agg(src.upline_id), array_agg(src.amount::bigint), array_agg(src.idempotency_key)) INTO v_moved FROM src;
  END IF;

  IF v_run.reward > 0 THEN
    -- team: the uplines' rebates on this reward, paid by the rewards account and never taken from
    -- the earner; held (nothing credited) while the earner has no approved audit task.
    IF v_verified THEN
      WITH src AS (
        INSERT INTO team_rebates (run_id, earner_id, upline_id, depth, amount, status, paid_at)
        SELECT p_run_id, v_run.user_id, a.ancestor_id, a.depth, (v_run.reward::bigint * r.bps) / 10000, 'paid', now()
        FROM user_ancestors a JOIN rebate_rates r ON r.depth = a.depth
        WHERE a.user_id = v_run.user_id AND a.ancestor_id <> v_run.user_id AND (v_run.reward::bigint * r.bps) / 10000 > 0
        ORDER BY a.ancestor_id DESC
        ON CONFLICT (run_id, depth) DO NOTHING
        RETURNING upline_id, amount, 'rebate:' || run_id || ':' || depth AS idempotency_key
      )
      SELECT ledger_credit_many('rewards', 'rebate', array_agg(src.upline_id), array_agg(src.amount::bigint), array_agg(src.idempotency_key)) INTO v_moved FROM src;
    ELSE
      INSERT INTO team_rebates (run_id, earner_id, upline_id, depth, amount, status, paid_at)
      SELECT p_run_id, v_run.user_id, a.ancestor_id, a.depth, (v_run.reward::bigint * r.bps) / 10000, 'held', NULL
      FROM user_ancestors a JOIN rebate_rates r ON r.depth = a.depth
      WHERE a.user_id = v_run.user_id AND a.ancestor_id <> v_run.user_id AND (v_run.reward::bigint * r.bps) / 10000 > 0
      ORDER BY a.ancestor_id DESC
      ON CONFLICT (run_id, depth) DO NOTHING;
    END IF;

    -- team: today's rollups of every upline; a member counted once a day, the points always added.
    WITH first AS (
      INSERT INTO member_days (user_id, day, kind) VALUES (v_run.user_id, v_today, 'earned')
      ON CONFLICT DO NOTHING RETURNING 1
    )
    INSERT INTO team_daily_stats (ancestor_id, day, online_users, online_points)
    SELECT a.ancestor_id, v_today, (SELECT count(*) FROM first), v_run.reward
    FROM user_ancestors a WHERE a.user_id = v_run.user_id
    ORDER BY a.ancestor_id DESC
    ON CONFLICT (ancestor_id, day) DO UPDATE SET
      online_users = team_daily_stats.online_users + excluded.online_users,
      online_points = team_daily_stats.online_points + excluded.online_points;
  END IF;

  RETURN QUERY SELECT 'paid'::text, v_run.user_id, v_run.reward, v_entry;
END;
$$;
--> statement-breakpoint

-- A reviewer's pass (or the automatic pass at the deadline, with no reviewer) and its payment in one
-- statement: another reviewer's live claim keeps the submission theirs; a submission still under
-- review that is not the reviewer's own is passed (two at once queue on its row lock, and the second
-- finds it passed); its run is paid through ledger_pay_task_run; the reviewer's claim is released and
-- the action written to the operators' audit log. Answers the outcome and the review item as it
-- stands afterwards. Outcomes: 'passed', 'repeat' (passed before: nothing moved, nothing logged),
-- 'not_found', 'own', 'decided' (failed before), 'claimed'. A run that cannot be paid raises, so
-- nothing of the pass is kept.
CREATE OR REPLACE FUNCTION ledger_pass_submission(p_submission_id integer, p_reviewer_id integer, p_reviewer_role text, p_now timestamptz)
RETURNS TABLE (
  outcome text, id integer, run_id integer, user_id integer, task_id integer, pictures jsonb, status text, reason text,
  reviewer_id integer, created_at timestamptz, deadline_at timestamptz, reviewed_at timestamptz,
  task_title text, earner_id text, phone text, reward integer, duplicate_of integer[]
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_outcome text;
  v_claim record;
  v_sub record;
  v_state record;
  v_pay record;
BEGIN
  -- reviews: another reviewer's live claim (the console's queue).
  IF p_reviewer_id IS NOT NULL THEN
    SELECT c.reviewer_id, c.expires_at INTO v_claim FROM review_claims c WHERE c.submission_id = p_submission_id;
    IF FOUND AND v_claim.reviewer_id <> p_reviewer_id AND v_claim.expires_at > p_now THEN v_outcome := 'claimed'; END IF;
  END IF;

  IF v_outcome IS NULL THEN
    -- reviews: the decision.
    UPDATE submissions s SET status = 'passed', reviewer_id = p_reviewer_id, reviewed_at = p_now
    WHERE s.id = p_submission_id AND s.status = 'underReview' AND (p_reviewer_id IS NULL OR s.user_id <> p_reviewer_id)
    RETURNING s.run_id, s.reason INTO v_sub;
    IF FOUND THEN
      SELECT * INTO v_pay FROM ledger_pay_task_run(v_sub.run_id);
      IF v_pay.outcome NOT IN ('paid', 'repeat') THEN
        RAISE EXCEPTION 'task run % of submission % is %', v_sub.run_id, p_submission_id, v_pay.outcome USING ERRCODE = 'P0001', HINT = 'run ' || v_pay.outcome;
      END IF;
      IF p_reviewer_id IS NOT NULL THEN
        -- reviews: a decided submission needs no claim; admin: the operator's action, logged with it.
        DELETE FROM review_claims c WHERE c.submission_id = p_submission_id;
        INSERT INTO operator_actions (operator_id, operator_role, action, target_type, target_id, before, after, note)
        VALUES (p_reviewer_id, p_reviewer_role, 'review.pass', 'submission', p_submission_id::text,
                jsonb_build_object('status', 'underReview'), jsonb_build_object('status', 'passed', 'reason', v_sub.reason), v_sub.reason);
      END IF;
      v_outcome := 'passed';
    ELSE
      -- Why not, in the order a reviewer should hear it: unknown, their own, then how it was decided.
      SELECT s.user_id, s.status INTO v_state FROM submissions s WHERE s.id = p_submission_id;
      v_outcome := CASE
        WHEN NOT FOUND THEN 'not_found'
        WHEN p_reviewer_id IS NOT NULL AND v_state.user_id = p_reviewer_id THEN 'own'
        WHEN v_state.status = 'passed' THEN 'repeat'
        ELSE 'decided' END;
    END IF;
  END IF;

  RETURN QUERY
  SELECT v_outcome, i.* FROM (SELECT 1) AS one
  LEFT JOIN (
    SELECT s.id, s.run_id, s.user_id, s.task_id, s.pictures, s.status, s.reason, s.reviewer_id, s.created_at, s.deadline_at, s.reviewed_at,
           t.title, u.public_id, u.phone, coalesce(r.reward_paid, t.reward), review_item_duplicates(s.id)
    FROM submissions s
    JOIN tasks t ON t.id = s.task_id
    JOIN users u ON u.id = s.user_id
    JOIN task_runs r ON r.id = s.run_id
    WHERE s.id = p_submission_id
  ) AS i ON v_outcome IN ('passed', 'repeat');
END;
$$;
