-- A withdrawal batch took its earners' balances in ascending earner id (0021), every payment takes
-- them in descending id (ledger_credit_many, 0019: nearest upline first). A batch of several
-- earners and a payment to two of them at once (a review pass, a rebate) could each hold one
-- balance and wait for the other's: test/withdraw-concurrency.test.ts saw "deadlock detected" on
-- the previous function. A batch now takes its earners in descending id too, the items of one
-- earner still in the order they came; everything else is 0026's.
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
