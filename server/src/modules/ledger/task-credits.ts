import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';

/**
 * The task reward's payment, run by `ledger_pay_task_run` (migration 0019) in one statement: the
 * run's lock, the earner's progress and level, the credit, an audit task's spins, the uplines'
 * rebates and the team's rollups. The ledger owns the function because it moves points; the SQL
 * says, block by block, whose operation each other write is.
 */
export type TaskRunPaymentOutcome = 'paid' | 'repeat' | 'not_found' | 'not_payable';

export interface TaskRunPayment {
  outcome: TaskRunPaymentOutcome;
  userId: number | null;
  reward: number | null;
  ledgerEntryId: number | null;
}

interface Row {
  outcome: TaskRunPaymentOutcome;
  earner: number | null;
  paid: number | null;
  entry: string | number | null;
}

export async function payTaskRunInLedger(tx: Tx, runId: number): Promise<TaskRunPayment> {
  const result = await tx.execute(sql`select outcome, earner, paid, entry from ledger_pay_task_run(${runId}::int)`);
  const [row] = (result as unknown as { rows: Row[] }).rows;
  if (!row) throw new Error('ledger_pay_task_run answered nothing');
  // pg hands bigint columns back as strings, PGlite as numbers.
  return { outcome: row.outcome, userId: row.earner, reward: row.paid, ledgerEntryId: row.entry === null ? null : Number(row.entry) };
}
