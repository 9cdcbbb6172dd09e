import type { EarnerLedgerLine } from '@grab/shared/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database';
import { ledgerEntries, ledgerTransfers } from '../../db/schema';
import { REVERSIBLE_REASONS } from './ledger.service';

const PAGE = 20;

const reversal = alias(ledgerTransfers, 'reversal');

/** Whether a leg is a credit an operator may take back: issued by the platform, positive, not yet reversed. */
export function isReversible(leg: { amount: number; reason: string }, reversedBy: number | null): boolean {
  return leg.amount > 0 && reversedBy === null && (REVERSIBLE_REASONS as readonly string[]).includes(leg.reason);
}

/** One earner's ledger legs, newest first, for the console (read only: rows change through the ledger service). */
export async function earnerLedgerPage(db: Executor, userId: number, page: number): Promise<{ list: EarnerLedgerLine[]; hasMore: boolean }> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      transferId: ledgerEntries.transferId,
      amount: ledgerEntries.amount,
      reason: ledgerEntries.reason,
      createdAt: ledgerEntries.createdAt,
      reversedBy: reversal.id,
    })
    .from(ledgerEntries)
    .leftJoin(reversal, eq(reversal.reverses, ledgerEntries.transferId))
    .where(and(eq(ledgerEntries.account, 'earner'), eq(ledgerEntries.userId, userId)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(PAGE + 1)
    .offset((page - 1) * PAGE);
  return { hasMore: rows.length > PAGE, list: rows.slice(0, PAGE).map(toLine) };
}

export function toLine(r: { id: number; transferId: number; amount: number; reason: string; createdAt: Date; reversedBy: number | null }): EarnerLedgerLine {
  const amount = Number(r.amount);
  return {
    id: Number(r.id),
    transferId: Number(r.transferId),
    amount,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    reversedBy: r.reversedBy,
    reversible: isReversible({ amount, reason: r.reason }, r.reversedBy),
  };
}
