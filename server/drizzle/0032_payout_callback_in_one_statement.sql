-- A provider's callback in one statement: the delivery recorded under its event id (a repeat
-- changes nothing), the ledger's decision (migration 0031) for an order still with the provider or
-- on its way to it, and what became of the delivery. The server sent these as a transaction of
-- three statements and its begin and commit; one statement commits on its own, and its plans are
-- kept per connection.
--
-- The order states a callback may decide from are the wallet's: queued, dispatched, or given up on
-- by the dispatch (a provider may still pay an order whose submit seemed to fail). A failure
-- without a reason is the simulator's documented refusal.
CREATE FUNCTION wallet_apply_payout_result(p_provider text, p_event_id text, p_reference text, p_status text, p_reason text, p_now timestamptz)
RETURNS TABLE (outcome text, detail text)
LANGUAGE plpgsql AS $$
DECLARE
  v_outcome text := 'unknown_order';
  v_detail text;
BEGIN
  INSERT INTO payout_callbacks (provider, event_id, order_id, status, outcome) VALUES (p_provider, p_event_id, NULL, p_status, 'received')
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'repeated'::text, NULL::text;
    RETURN;
  END IF;
  IF p_reference ~ '^[0-9]{1,9}$' THEN
    SELECT d.outcome, d.detail INTO v_outcome, v_detail
    FROM ledger_decide_withdrawal(p_reference::integer, p_status = 'paid',
      CASE WHEN p_status = 'paid' THEN NULL ELSE coalesce(p_reason, 'payouts.accountRejected') END,
      NULL, p_now, ARRAY['queued', 'dispatched', 'dispatch_failed']) d;
  END IF;
  UPDATE payout_callbacks c SET outcome = v_outcome, order_id = (v_detail::jsonb ->> 'id')::integer
  WHERE c.provider = p_provider AND c.event_id = p_event_id;
  RETURN QUERY SELECT v_outcome, v_detail;
END;
$$;
