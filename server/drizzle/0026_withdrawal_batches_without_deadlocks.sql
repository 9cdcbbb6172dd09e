-- Withdrawal batches that deadlocked with other work on the same rows. PostgreSQL broke one side
-- after a second, and the server then decided the batch's items again one by one: nothing was lost,
-- but those earners waited. test/withdraw-concurrency.test.ts makes both cases; each failed with
-- "deadlock detected" on the previous functions.
--
-- 1. Two batches in flight at once (two server processes, each with its own batcher) whose earners
--    share uplines: each item added itself to its uplines' rollups as it was decided, so batch A
--    could hold upline X's row of today and wait for Y's while batch B held Y's and waited for X's.
--    A batch now makes the team rollups once, after all of its items, for all of them together,
--    one row per upline in descending upline id: the order the review pass batch (0020) and the
--    single request already take. The rollup has one definition, ledger_withdrawal_rollups, used by
--    the single request and by the batch; the two request functions gain a last argument,
--    p_team_rollup, true unless the caller makes the rollups itself.
-- 2. A batch and a payment to two of its earners at once (a review pass, a rebate), even in one
--    process: a batch took its earners' balances in ascending id (0021), every payment takes them
--    in descending id (ledger_credit_many, 0019: nearest upline first), so each could hold one
--    balance and wait for the other's. A batch now takes its earners in descending id too, the
--    items of one earner still in the order they came.
-- Every outcome and every row written is otherwise what it was.
DROP FUNCTION ledger_request_withdrawal(integer, text, bigint, integer, timestamptz, text, jsonb, jsonb, text, bigint, bigint);--> statement-breakpoint
DROP FUNCTION wallet_request_withdrawal(integer, text, bigint, integer, timestamptz, text, jsonb, jsonb, text, bigint, bigint, text);--> statement-breakpoint

-- Today's team report for withdrawals: each earner counted once a day among the team's withdrawing
-- members, and every withdrawal's points (fee included) added to each of the earner's uplines.
-- p_user_ids[i] withdrew p_totals[i]; an earner may appear more than once.
CREATE FUNCTION ledger_withdrawal_rollups(p_user_ids integer[], p_totals bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_today date := (now() AT TIME ZONE 'UTC')::date;
BEGIN
  WITH per AS (
    SELECT w.user_id, sum(w.total)::bigint AS points FROM unnest(p_user_ids, p_totals) AS w(user_id, total) GROUP BY w.user_id
  ),
  first AS (
    INSERT INTO member_days (user_id, day, kind) SELECT per.user_id, v_today, 'withdrew' FROM per ORDER BY per.user_id
    ON CONFLICT DO NOTHING RETURNING user_id
  )
  INSERT INTO team_daily_stats (ancestor_id, day, withdrawal_users, withdrawal_points)
  SELECT a.ancestor_id, v_today, count(first.user_id)::integer, sum(per.points)
  FROM per JOIN user_ancestors a ON a.user_id = per.user_id LEFT JOIN first ON first.user_id = per.user_id
  GROUP BY a.ancestor_id ORDER BY a.ancestor_id DESC
  ON CONFLICT (ancestor_id, day) DO UPDATE SET
    withdrawal_users = team_daily_stats.withdrawal_users + excluded.withdrawal_users,
    withdrawal_points = team_daily_stats.withdrawal_points + excluded.withdrawal_points;
END;
$$;--> statement-breakpoint

-- ledger_request_withdrawal (0022) unchanged but for the rollup, now ledger_withdrawal_rollups's.
CREATE FUNCTION ledger_request_withdrawal(
  p_user_id integer,
  p_key text,
  p_amount bigint,
  p_recipient_id integer,
  p_now timestamptz,
  p_currency text,
  p_settings jsonb,
  p_currency_row jsonb,
  p_amount_problem text,
  p_points bigint,
  p_fee bigint,
  p_team_rollup boolean DEFAULT true
) RETURNS TABLE (outcome text, detail text, order_id integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_order withdraw_orders%ROWTYPE;
  v_recipient record;
  v_settings withdraw_settings%ROWTYPE;
  v_used_count bigint;
  v_used_amount bigint;
  v_locked bigint;
  v_total bigint := p_points + p_fee;
  v_transfer bigint;
  v_created timestamptz;
  v_debited integer;
BEGIN
  -- One earner's requests queue up here, so the daily limits hold under concurrency.
  SELECT b.balance INTO v_balance FROM balances b WHERE b.user_id = p_user_id FOR UPDATE;
  v_balance := coalesce(v_balance, 0);

  SELECT * INTO v_order FROM withdraw_orders o WHERE o.user_id = p_user_id AND o.idempotency_key = p_key;
  IF FOUND THEN
    -- A retry of the same tap: the same order, whatever it asked for.
    IF v_order.amount <> p_amount THEN RETURN QUERY SELECT 'key_reused'::text, NULL::text, NULL::integer; RETURN; END IF;
    RETURN QUERY SELECT 'repeat'::text, to_jsonb(v_order)::text, v_order.id; RETURN;
  END IF;

  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p_user_id AND u.currency = p_currency)
     OR NOT EXISTS (SELECT 1 FROM withdraw_settings s WHERE s.currency = p_currency AND to_jsonb(s) = p_settings)
     OR NOT EXISTS (SELECT 1 FROM currencies c WHERE c.code = p_currency AND to_jsonb(c) = p_currency_row) THEN
    RETURN QUERY SELECT 'stale'::text, NULL::text, NULL::integer; RETURN;
  END IF;
  SELECT * INTO v_settings FROM withdraw_settings s WHERE s.currency = p_currency;

  IF p_amount_problem IS NOT NULL THEN RETURN QUERY SELECT p_amount_problem, NULL::text, NULL::integer; RETURN; END IF;

  SELECT r.*, i.name AS institution_name INTO v_recipient
  FROM recipients r JOIN institutions i ON i.id = r.institution_id WHERE r.user_id = p_user_id;
  -- Someone else's recipient id reads the same as one that does not exist.
  IF NOT FOUND OR v_recipient.id <> p_recipient_id THEN RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::integer; RETURN; END IF;
  IF v_recipient.cooling_off_until > p_now THEN
    RETURN QUERY SELECT 'cooling_off'::text, to_char(v_recipient.cooling_off_until AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'), NULL::integer; RETURN;
  END IF;

  -- Today's withdrawals that still count (a failed one gave its amount back).
  SELECT count(*), coalesce(sum(o.amount), 0) INTO v_used_count, v_used_amount FROM withdraw_orders o
  WHERE o.user_id = p_user_id AND o.requested_at >= date_trunc('day', now() AT TIME ZONE 'utc') AT TIME ZONE 'utc' AND o.state <> 'failed';
  IF v_used_count >= v_settings.daily_count THEN RETURN QUERY SELECT 'daily_count'::text, NULL::text, NULL::integer; RETURN; END IF;
  IF v_used_amount + p_amount > v_settings.daily_amount THEN RETURN QUERY SELECT 'daily_amount'::text, NULL::text, NULL::integer; RETURN; END IF;

  v_locked := ledger_locked_points(p_user_id);
  IF v_total > greatest(0, v_balance - v_locked) THEN
    RETURN QUERY SELECT 'not_withdrawable'::text, (v_total - greatest(0, v_balance - v_locked))::text, NULL::integer; RETURN;
  END IF;

  -- The hold: a transfer from the earner to payouts in flight, its two legs, the balance, with the
  -- same conditional update as every other debit (never below the locked points).
  INSERT INTO ledger_transfers (idempotency_key, reason, amount)
  VALUES ('withdrawal:' || p_user_id || ':' || p_key, 'withdrawal', v_total)
  RETURNING id, created_at INTO v_transfer, v_created;
  UPDATE balances SET balance = balance - v_total, updated_at = now()
  WHERE user_id = p_user_id AND balance - v_total >= least(v_locked, v_balance);
  GET DIAGNOSTICS v_debited = ROW_COUNT;
  IF v_debited = 0 THEN RAISE EXCEPTION 'insufficient balance for withdrawal % of user %', p_key, p_user_id USING ERRCODE = 'P0001'; END IF;
  INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
  VALUES (v_transfer, 'earner', p_user_id, -v_total, 'withdrawal', v_created),
         (v_transfer, 'payouts_in_flight', NULL, v_total, 'withdrawal', v_created);

  INSERT INTO withdraw_orders (user_id, idempotency_key, state, amount, currency, fraction_digits, method, institution_id, institution_name,
                               account_name, account, ifsc, points, fee, total, hold_transfer_id, requested_at)
  VALUES (p_user_id, p_key, CASE WHEN p_amount > v_settings.approval_above THEN 'awaiting_approval' ELSE 'queued' END, p_amount, p_currency,
          (p_currency_row->>'fraction_digits')::smallint, v_recipient.method, v_recipient.institution_id, v_recipient.institution_name,
          v_recipient.name, v_recipient.account, v_recipient.ifsc, p_points, p_fee, v_total, v_transfer, p_now)
  RETURNING * INTO v_order;

  -- The team's report, unless the caller makes it for a whole batch at once.
  IF p_team_rollup THEN PERFORM ledger_withdrawal_rollups(ARRAY[p_user_id], ARRAY[v_total]); END IF;

  RETURN QUERY SELECT 'created'::text, to_jsonb(v_order)::text, v_order.id;
END;
$$;--> statement-breakpoint

-- wallet_request_withdrawal (0018) unchanged but for passing p_team_rollup on.
CREATE FUNCTION wallet_request_withdrawal(
  p_user_id integer,
  p_key text,
  p_amount bigint,
  p_recipient_id integer,
  p_now timestamptz,
  p_currency text,
  p_settings jsonb,
  p_currency_row jsonb,
  p_amount_problem text,
  p_points bigint,
  p_fee bigint,
  p_dispatch_queue text,
  p_team_rollup boolean DEFAULT true
) RETURNS TABLE (outcome text, detail text, order_id integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_reason text;
  v_answer record;
BEGIN
  SELECT f.reason INTO v_reason FROM earner_freezes f WHERE f.user_id = p_user_id;
  IF FOUND THEN RETURN QUERY SELECT 'frozen'::text, v_reason, NULL::integer; RETURN; END IF;

  SELECT l.outcome, l.detail, l.order_id INTO v_answer
  FROM ledger_request_withdrawal(p_user_id, p_key, p_amount, p_recipient_id, p_now, p_currency, p_settings, p_currency_row,
                                 p_amount_problem, p_points, p_fee, p_team_rollup) l;
  IF v_answer.outcome = 'created' AND (v_answer.detail::jsonb ->> 'state') = 'queued' THEN
    INSERT INTO job_outbox (queue, data) VALUES (p_dispatch_queue, jsonb_build_object('orderId', v_answer.order_id));
  END IF;
  RETURN QUERY SELECT v_answer.outcome, v_answer.detail, v_answer.order_id;
END;
$$;--> statement-breakpoint

-- wallet_request_withdrawals (0021) unchanged but for the order and the rollups: each item is decided
-- without them, in descending earner id, and the items created make them together at the end.
CREATE OR REPLACE FUNCTION wallet_request_withdrawals(
  p_user_ids integer[],
  p_keys text[],
  p_amounts bigint[],
  p_recipient_ids integer[],
  p_nows timestamptz[],
  p_currencies text[],
  p_settings jsonb[],
  p_currency_rows jsonb[],
  p_amount_problems text[],
  p_points bigint[],
  p_fees bigint[],
  p_dispatch_queue text
) RETURNS TABLE (ordinal integer, outcome text, detail text, order_id integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_item record;
  v_answer record;
  v_created_users integer[] := '{}';
  v_created_totals bigint[] := '{}';
BEGIN
  FOR v_item IN
    SELECT i.* FROM unnest(p_user_ids, p_keys, p_amounts, p_recipient_ids, p_nows, p_currencies, p_settings, p_currency_rows,
                           p_amount_problems, p_points, p_fees) WITH ORDINALITY
      AS i(user_id, idempotency_key, amount, recipient_id, now_at, currency, settings, currency_row, amount_problem, points, fee, ord)
    ORDER BY i.user_id DESC, i.ord
  LOOP
    SELECT w.outcome, w.detail, w.order_id INTO v_answer
    FROM wallet_request_withdrawal(v_item.user_id, v_item.idempotency_key, v_item.amount, v_item.recipient_id, v_item.now_at, v_item.currency,
                                   v_item.settings, v_item.currency_row, v_item.amount_problem, v_item.points, v_item.fee, p_dispatch_queue, false) w;
    IF v_answer.outcome = 'created' THEN
      v_created_users := v_created_users || v_item.user_id;
      v_created_totals := v_created_totals || (v_item.points + v_item.fee);
    END IF;
    ordinal := v_item.ord;
    outcome := v_answer.outcome;
    detail := v_answer.detail;
    order_id := v_answer.order_id;
    RETURN NEXT;
  END LOOP;
  IF cardinality(v_created_users) > 0 THEN PERFORM ledger_withdrawal_rollups(v_created_users, v_created_totals); END IF;
END;
$$;
