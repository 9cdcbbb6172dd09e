import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { rebateRates, teamRebates, userAncestors } from '../../db/schema';
import { creditMany, LedgerReason } from '../ledger/ledger.service';

/**
 * The uplines' rebates on one task reward, in the payment's transaction (DESIGN §5): the upline at
 * each configured depth gets its rate of the reward, rounded down, paid by the platform's rewards
 * account and never taken from the earner. Rebates come from task rewards only: this is called by
 * `payRun` and nowhere else, so there is no rebate on rebates, bonuses, prizes or refunds.
 *
 * One statement either way. While the earner has no approved audit task the rows are written
 * `held` and nothing is credited; otherwise they are written `paid` and credited with keys
 * `rebate:<run>:<depth>`. A retried payment finds its rows and moves nothing.
 */
export async function payRebates(tx: Tx, input: { runId: number; earnerId: number; reward: number; verified: boolean }): Promise<void> {
  const { runId, earnerId, reward, verified } = input;
  if (reward <= 0) return;
  const rows = sql`
    insert into ${teamRebates} (run_id, earner_id, upline_id, depth, amount, status, paid_at)
    select ${runId}::int, ${earnerId}::int, a.ancestor_id, a.depth, (${reward}::bigint * r.bps) / 10000,
           ${verified ? 'paid' : 'held'}, ${verified ? sql`now()` : sql`null`}
    from ${userAncestors} a join ${rebateRates} r on r.depth = a.depth
    where a.user_id = ${earnerId}::int and a.ancestor_id <> ${earnerId}::int and (${reward}::bigint * r.bps) / 10000 > 0
    order by a.ancestor_id desc
    on conflict (run_id, depth) do nothing
    returning upline_id as user_id, amount, 'rebate:' || run_id || ':' || depth as idempotency_key`;
  if (verified) await creditMany(tx, 'rewards', LedgerReason.rebate, rows);
  else await tx.execute(rows);
}

/**
 * The earner's first approved audit task: every rebate held for their uplines is paid now, in one
 * statement, with the keys it would have had. The caller holds the earner's progress row, so a
 * reward paid at the same moment either wrote its rows `held` before this (and they are released
 * here) or waits and finds the earner verified.
 */
export async function releaseHeldRebates(tx: Tx, earnerId: number): Promise<number> {
  return creditMany(
    tx,
    'rewards',
    LedgerReason.rebate,
    sql`update ${teamRebates} set status = 'paid', paid_at = now()
        where earner_id = ${earnerId}::int and status = 'held'
        returning upline_id as user_id, amount, 'rebate:' || run_id || ':' || depth as idempotency_key`,
  );
}
