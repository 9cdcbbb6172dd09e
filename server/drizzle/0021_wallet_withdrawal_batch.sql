-- Withdrawal requests in batches (group commit): the server sends every request that arrived while
-- the previous statement was in flight as one statement, one transaction, one commit. Under load a
-- request spent as much of PostgreSQL's time starting, committing and waiting for its WAL flush as
-- deciding; a batch shares those between its items.
--
-- Each item is decided by wallet_request_withdrawal (0018) itself, unchanged: the freeze, the
-- ledger's function with its balance lock and checks, the hold, the order and the outbox row. Items
-- run one after another, so an item sees what the items before it wrote, as two requests in a row
-- would: a repeated key answers 'repeat', a second withdrawal counts against the first one's limits.
-- Items are taken in ascending earner id, so two batches (two processes) lock balances in one order.
-- An item that raises (the debit's last guard) makes the whole statement fail and keep nothing; the
-- server then sends each item alone, so only that item fails.
--
-- Item i is (p_user_ids[i], p_keys[i], ...) with wallet_request_withdrawal's meaning; answers one
-- row per item with its ordinal.
CREATE FUNCTION wallet_request_withdrawals(
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
BEGIN
  FOR v_item IN
    SELECT i.* FROM unnest(p_user_ids, p_keys, p_amounts, p_recipient_ids, p_nows, p_currencies, p_settings, p_currency_rows,
                           p_amount_problems, p_points, p_fees) WITH ORDINALITY
      AS i(user_id, idempotency_key, amount, recipient_id, now_at, currency, settings, currency_row, amount_problem, points, fee, ord)
    ORDER BY i.user_id, i.ord
  LOOP
    SELECT w.outcome, w.detail, w.order_id INTO v_answer
    FROM wallet_request_withdrawal(v_item.user_id, v_item.idempotency_key, v_item.amount, v_item.recipient_id, v_item.now_at, v_item.currency,
                                   v_item.settings, v_item.currency_row, v_item.amount_problem, v_item.points, v_item.fee, p_dispatch_queue) w;
    ordinal := v_item.ord;
    outcome := v_answer.outcome;
    detail := v_answer.detail;
    order_id := v_answer.order_id;
    RETURN NEXT;
  END LOOP;
END;
$$;
