-- An earner's total earnings kept beside their balance, so assetInfo reads one row instead of summing
-- the earner's whole history on every cache miss (a year of daily tasks is thousands of entries).
-- It moves in the same statements as the balance, written only by the ledger's functions below and
-- by its TypeScript transfer; the reconciliation checks it against the entries (checkLedger).

-- Which reasons count as earnings: one definition, for the running total and for the daily series.
CREATE FUNCTION ledger_earning(p_reason text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_reason IN ('task_reward', 'redeem_code', 'rebate', 'prize')
$$;--> statement-breakpoint

ALTER TABLE balances ADD COLUMN earned bigint NOT NULL DEFAULT 0;--> statement-breakpoint

UPDATE balances b SET earned = s.total
FROM (SELECT e.user_id, sum(e.amount) AS total FROM ledger_entries e WHERE e.user_id IS NOT NULL AND ledger_earning(e.reason) GROUP BY e.user_id) s
WHERE s.user_id = b.user_id;--> statement-breakpoint

-- ledger_credit_many (0019) unchanged but for the earned total moving with the balance.
CREATE OR REPLACE FUNCTION ledger_credit_many(p_from text, p_reason text, p_user_ids integer[], p_amounts bigint[], p_keys text[])
RETURNS integer LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_created integer;
  v_earning boolean := ledger_earning(p_reason);
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
    INSERT INTO balances (user_id, balance, earned, updated_at)
    SELECT tu.user_id, sum(tu.amount), CASE WHEN v_earning THEN sum(tu.amount) ELSE 0 END, now() FROM tu GROUP BY tu.user_id ORDER BY tu.user_id DESC
    ON CONFLICT (user_id) DO UPDATE SET balance = balances.balance + excluded.balance, earned = balances.earned + excluded.earned, updated_at = now()
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
$$;--> statement-breakpoint

-- ledger_credit (0019) unchanged but for the earned total moving with the balance.
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
  INSERT INTO balances (user_id, balance, earned, updated_at) VALUES (p_user_id, p_amount, CASE WHEN ledger_earning(p_reason) THEN p_amount ELSE 0 END, now())
  ON CONFLICT (user_id) DO UPDATE SET balance = balances.balance + excluded.balance, earned = balances.earned + excluded.earned, updated_at = now();
  INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
  VALUES (v_transfer, 'rewards', NULL, -p_amount, p_reason, v_created);
  INSERT INTO ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
  VALUES (v_transfer, 'earner', p_user_id, p_amount, p_reason, v_created)
  RETURNING id INTO v_entry;
  RETURN v_entry;
END;
$$;
