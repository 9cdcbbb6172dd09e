-- A withdrawal to an institution an operator has switched off (the console's payout institutions)
-- is refused before anything is held, with its own outcome, `institution_unavailable`, whose detail
-- is the recipient's method: the earner is asked to choose another bank, wallet or UPI. The
-- institution's row is the one the request already reads for its name, so no statement is added.
-- ledger_request_withdrawal (0026) is otherwise unchanged; its signature and settings stay.
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

  SELECT r.*, i.name AS institution_name, i.active AS institution_active INTO v_recipient
  FROM recipients r JOIN institutions i ON i.id = r.institution_id WHERE r.user_id = p_user_id;
  -- Someone else's recipient id reads the same as one that does not exist.
  IF NOT FOUND OR v_recipient.id <> p_recipient_id THEN RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::integer; RETURN; END IF;
  -- Switched off by an operator after the earner saved it: nothing is held until another is chosen.
  IF NOT v_recipient.institution_active THEN RETURN QUERY SELECT 'institution_unavailable'::text, v_recipient.method::text, NULL::integer; RETURN; END IF;
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
$$;
