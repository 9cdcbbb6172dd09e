import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { checkLedger, type LedgerCheck } from '../ledger/ledger.service';

export interface Reconciliation extends LedgerCheck {
  /** Orders whose state does not match their transfers (hold, paid + fee, or refund). */
  ordersMismatched: number;
  /** "Payouts in flight" minus what the open orders hold: zero when nothing is lost. */
  inFlightDifference: number;
  /** Fees revenue minus the fees of successful orders. */
  feesDifference: number;
  /** Team rebates whose state does not match the ledger: a paid one without its transfer, a held one with it, or a rebate transfer without its row. */
  rebatesMismatched: number;
  /** Draw spins whose prize does not match the ledger: a used spin without its transfer, or a prize transfer without its spin. */
  prizesMismatched: number;
}

const one = async (db: Executor, query: ReturnType<typeof sql>) => Number(((await db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);

/** Every figure is zero when the books hold: run after tests, after the benchmark, and by operators. */
export async function reconcile(db: Executor): Promise<Reconciliation> {
  const [ledger, ordersMismatched, inFlightDifference, feesDifference, rebatesMismatched, prizesMismatched] = await Promise.all([
    checkLedger(db),
    one(
      db,
      sql`select count(*) as n from withdraw_orders o
        left join ledger_transfers h on h.id = o.hold_transfer_id
        where h.id is null or h.amount <> o.total or h.reason <> 'withdrawal'
           or (o.state = 'success') <> exists (select 1 from ledger_transfers p where p.idempotency_key = 'withdrawal-paid:' || o.id and p.amount = o.points)
           or (o.state = 'success' and o.fee > 0) <> exists (select 1 from ledger_transfers f where f.idempotency_key = 'withdrawal-fee:' || o.id and f.amount = o.fee)
           or (o.state = 'failed') <> exists (select 1 from ledger_transfers r where r.idempotency_key = 'withdrawal-refund:' || o.id and r.amount = o.total)`,
    ),
    one(
      db,
      sql`select (select coalesce(sum(amount), 0) from ledger_entries where account = 'payouts_in_flight')
               - (select coalesce(sum(total), 0) from withdraw_orders where state not in ('success', 'failed')) as n`,
    ),
    one(db, sql`select (select coalesce(sum(amount), 0) from ledger_entries where account = 'fees') - (select coalesce(sum(fee), 0) from withdraw_orders where state = 'success') as n`),
    one(
      db,
      sql`select (select count(*) from team_rebates r left join ledger_transfers t on t.idempotency_key = 'rebate:' || r.run_id || ':' || r.depth
                  where (r.status = 'paid') <> (t.id is not null and t.amount = r.amount and t.reason = 'rebate'))
               + (select count(*) from ledger_transfers t where t.reason = 'rebate' and not exists (
                  select 1 from team_rebates r where t.idempotency_key = 'rebate:' || r.run_id || ':' || r.depth and r.status = 'paid')) as n`,
    ),
    one(
      db,
      sql`select (select count(*) from draw_spins s left join ledger_transfers t on t.idempotency_key = 'spin:' || s.id
                  where s.used_at is not null and (t.id is null or t.amount <> s.amount or t.reason <> 'prize'))
               + (select count(*) from ledger_transfers t where t.reason = 'prize' and not exists (
                  select 1 from draw_spins s where t.idempotency_key = 'spin:' || s.id and s.used_at is not null)) as n`,
    ),
  ]);
  return { ...ledger, ordersMismatched, inFlightDifference, feesDifference, rebatesMismatched, prizesMismatched };
}

/** True when every figure of a reconciliation is as it must be. */
export function reconciles(r: Reconciliation): boolean {
  return r.unbalancedEarners === 0 && r.sumOfAllAccounts === 0 && r.unbalancedTransfers === 0 && r.negativeBalances === 0 && r.ordersMismatched === 0 && r.inFlightDifference === 0 && r.feesDifference === 0 && r.rebatesMismatched === 0 && r.prizesMismatched === 0;
}
