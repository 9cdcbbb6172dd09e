-- The locked welcome bonus (0022) counted a welcome bonus an operator had reversed: the points had
-- left the balance, yet as many of the earner's other points (a rebate, a prize) stayed locked in
-- their place. A reversal's leg now takes its bonus out of the locked amount, as it took it out of
-- the balance. Still read only for an earner without a task reward, whose history is short.
CREATE OR REPLACE FUNCTION ledger_locked_points(p_user_id integer) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM ledger_entries e WHERE e.user_id = p_user_id AND e.reason = 'task_reward') THEN 0
    ELSE greatest(0, (
      SELECT coalesce(sum(e.amount), 0)
      FROM ledger_entries e
      LEFT JOIN ledger_transfers r ON e.reason = 'reversal' AND r.id = e.transfer_id
      LEFT JOIN ledger_transfers undone ON undone.id = r.reverses
      WHERE e.user_id = p_user_id AND (e.reason = 'welcome_bonus' OR undone.reason = 'welcome_bonus')
    ))
  END
$$;
