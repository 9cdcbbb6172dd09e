-- Jobs asked for by a transaction, written by that same transaction (the outbox): the row exists
-- exactly when the commit does, and a relay moves the rows to the job queue in batches, deleting
-- them in the transaction that writes the jobs. A process that dies after the commit leaves its
-- rows here, and the next relay (of any process) moves them; nothing is lost, nothing doubles.
CREATE TABLE "job_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"data" jsonb NOT NULL,
	"start_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A withdrawal request as one statement, so it commits on its own (no BEGIN, no COMMIT, no other
-- round trip): the freeze check, then the ledger's own function (the balance lock, the checks,
-- the hold and the order, unchanged), then the order's dispatch job in the outbox when the order
-- is queued. A frozen earner gets the outcome 'frozen' and the freeze's reason, and nothing is
-- written; every other outcome is the ledger function's.
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
  p_dispatch_queue text
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
                                 p_amount_problem, p_points, p_fee) l;
  IF v_answer.outcome = 'created' AND (v_answer.detail::jsonb ->> 'state') = 'queued' THEN
    INSERT INTO job_outbox (queue, data) VALUES (p_dispatch_queue, jsonb_build_object('orderId', v_answer.order_id));
  END IF;
  RETURN QUERY SELECT v_answer.outcome, v_answer.detail, v_answer.order_id;
END;
$$;
