import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { ledgerEntries } from '../../db/schema';

const PAGE = 20;

/** One earner's ledger legs, newest first, for the console (read only: rows change through the ledger service). */
export async function earnerLedgerPage(db: Executor, userId: number, page: number) {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'earner'), eq(ledgerEntries.userId, userId)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(PAGE + 1)
    .offset((page - 1) * PAGE);
  return {
    hasMore: rows.length > PAGE,
    list: rows.slice(0, PAGE).map((r) => ({ id: r.id, transferId: r.transferId, amount: r.amount, reason: r.reason, createdAt: r.createdAt.toISOString() })),
  };
}
