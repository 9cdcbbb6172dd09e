-- Phase one of a withdrawal in one statement (the ledger's own function, as pgledger keeps its
-- transfers in SQL): under the earner's balance row lock, the idempotency lookup, the recipient and
-- its cooling-off, today's limits, the locked welcome bonus, the double-entry hold to
-- "payouts in flight", the order and the team's daily rollup. The application computes the quote
-- from the rules it read and passes those rules back: when they are no longer what the tables say,
-- nothing is written and the answer is 'stale', so a cached copy can never decide an amount.
-- The order comes back as its row (`to_jsonb`). Every refusal is an outcome, never an exception, so the transaction stays usable; nothing is
-- written before the last check has passed.
CREATE OR REPLACE FUNCTION ledger_request_withdrawal(
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
  p_fee bigint
) RETURNS TABLE (outcome text, detail text, order_id integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_order withdraw_orders%ROWTYPE;
  v_recipient record;
  v_settings withdraw_settings%ROWTYPE;
  v_used_count bigint;
  v_used_amount bigint;
  v_welcome bigint;
  v_earned boolean;
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

  -- The welcome bonus stays locked until the first task reward: only those two kinds of entries are read.
  SELECT coalesce(sum(e.amount) FILTER (WHERE e.reason = 'welcome_bonus'), 0), coalesce(bool_or(e.reason = 'task_reward'), false)
  INTO v_welcome, v_earned
  FROM ledger_entries e WHERE e.user_id = p_user_id AND e.reason IN ('welcome_bonus', 'task_reward');
  v_locked := CASE WHEN v_earned OR v_welcome <= 0 THEN 0 ELSE v_welcome END;
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

  -- The team's report: a member counted once a day, the points always added (uplines nearest first).
  WITH first AS (
    INSERT INTO member_days (user_id, day, kind) VALUES (p_user_id, (now() AT TIME ZONE 'UTC')::date, 'withdrew')
    ON CONFLICT DO NOTHING RETURNING 1
  )
  INSERT INTO team_daily_stats (ancestor_id, day, withdrawal_users, withdrawal_points)
  SELECT a.ancestor_id, (now() AT TIME ZONE 'UTC')::date, (SELECT count(*) FROM first), v_total
  FROM user_ancestors a WHERE a.user_id = p_user_id
  ORDER BY a.ancestor_id DESC
  ON CONFLICT (ancestor_id, day) DO UPDATE SET
    withdrawal_users = team_daily_stats.withdrawal_users + excluded.withdrawal_users,
    withdrawal_points = team_daily_stats.withdrawal_points + excluded.withdrawal_points;

  RETURN QUERY SELECT 'created'::text, to_jsonb(v_order)::text, v_order.id;
END;
$$;
