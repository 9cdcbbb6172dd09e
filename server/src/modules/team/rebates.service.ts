import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { teamRebates } from '../../db/schema';
import { creditMany, LedgerReason } from '../ledger/ledger.service';

/**
 * An operator's release of an earner's held rebates (the fraud console): every rebate held for
 * their uplines is paid now, in one statement, with the keys it would have had. The uplines'
 * rebates on a task reward, and their release on the earner's first approved audit task, are paid
 * inside the reward's own statement (`ledger_pay_task_run`, migration 0019): rebates come from task
 * rewards only, so there is none on rebates, bonuses, prizes or refunds.
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
