-- Phase two of a withdrawal in one statement of the ledger's: the order locked, the transition
-- checked, and either the points moved on to `paid_out` and the fee to `fees` (paid), or every point
-- held, fee included, returned to the earner in one transfer (failed). The payout callback and an
-- operator's "fail" both come here; what they may decide differs only in the states they accept.
--
-- These were six statements sent one by one from the server, two of them the ledger's general
-- transfer, a common table expression PostgreSQL parsed and planned again for every order. Deciding
-- an order cost about four times what requesting it did (server and PostgreSQL 4.2 ms against
-- 1.0 ms, bench/withdraw.mjs, 2026-11-29), most of PostgreSQL's share in parsing and planning. A
-- PL/pgSQL function keeps its plans per connection.
--
-- Outcomes: 'applied'; 'repeated' (the order is already in the state asked for); 'refused' (it is in
-- a state this decision may not leave); 'unknown_order'. With the order as JSON, except for the last.
-- A transfer key met again raises: the order's lock and state make it unreachable, and a second
-- movement of money is never the answer.
CREATE FUNCTION ledger_decide_withdrawal(p_order_id integer, p_paid boolean, p_reason text, p_decided_by integer, p_now timestamptz, p_from_states text[])
RETURNS TABLE (outcome text, detail text)
LANGUAGE plpgsql AS $$
DECLARE
  o withdraw_orders%ROWTYPE;
  v_final text := CASE WHEN p_paid THEN 'success' ELSE 'failed' END;
  v_transfer bigint;
  v_created timestamptz;
BEGIN
  SELECT * INTO o FROM withdraw_orders w WHERE w.id = p_order_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unknown_order'::text, NULL::text;
    RETURN;
  END IF;
  IF o.state = v_final THEN
    RETURN QUERY SELECT 'repeated'::text, to_jsonb(o)::text;
    RETURN;
  END IF;
  IF NOT (o.state = ANY(p_from_states)) THEN
    RETURN QUERY SELECT 'refused'::text, to_jsonb(o)::text;
    RETURN;
  END IF;

  IF p_paid THEN
    INSERT INTO ledger_transfers (idempotency_key, reason, amount) VALUES ('withdrawal-paid:' || o.id, 'withdrawal_paid', o.points)
    RETURNING id, created_at INTO v_transfer, v_created;
    INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
    VALUES (v_transfer, 'payouts_in_flight', NULL, -o.points, 'withdrawal_paid', v_created),
           (v_transfer, 'paid_out', NULL, o.points, 'withdrawal_paid', v_created);
    IF o.fee > 0 THEN
      INSERT INTO ledger_transfers (idempotency_key, reason, amount) VALUES ('withdrawal-fee:' || o.id, 'withdrawal_fee', o.fee)
      RETURNING id, created_at INTO v_transfer, v_created;
      INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
      VALUES (v_transfer, 'payouts_in_flight', NULL, -o.fee, 'withdrawal_fee', v_created),
             (v_transfer, 'fees', NULL, o.fee, 'withdrawal_fee', v_created);
    END IF;
    UPDATE withdraw_orders w SET state = 'success', decided_at = p_now WHERE w.id = o.id RETURNING * INTO o;
  ELSE
    INSERT INTO ledger_transfers (idempotency_key, reason, amount) VALUES ('withdrawal-refund:' || o.id, 'withdrawal_refund', o.total)
    RETURNING id, created_at INTO v_transfer, v_created;
    INSERT INTO balances (user_id, balance, earned, updated_at)
    VALUES (o.user_id, o.total, CASE WHEN ledger_earning('withdrawal_refund') THEN o.total ELSE 0 END, now())
    ON CONFLICT (user_id) DO UPDATE SET balance = balances.balance + excluded.balance, earned = balances.earned + excluded.earned, updated_at = now();
    INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
    VALUES (v_transfer, 'payouts_in_flight', NULL, -o.total, 'withdrawal_refund', v_created),
           (v_transfer, 'earner', o.user_id, o.total, 'withdrawal_refund', v_created);
    UPDATE withdraw_orders w SET state = 'failed', failure_reason = p_reason, decided_at = p_now, decided_by = p_decided_by
    WHERE w.id = o.id RETURNING * INTO o;
  END IF;
  RETURN QUERY SELECT 'applied'::text, to_jsonb(o)::text;
END;
$$;
