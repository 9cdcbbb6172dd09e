import { type Credit, ErrorCode } from '@grab/shared/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { redeemCodes, redeemCodeUses } from '../../db/schema';
import { balanceOf, entryAmount, LedgerReason, post } from '../ledger/ledger.service';
import { taskErrors } from './tasks.errors';

/** Codes are printed and typed by hand: case and surrounding spaces do not matter. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Redeems a code for one earner in one transaction. The use counter moves by a conditional update
 * (`used < max_uses`), which PostgreSQL re-checks under the row lock, so however many earners
 * redeem at once, no more than `max_uses` succeed. The ledger key `code:<code>:<earner>` makes a
 * second redemption by the same earner (two taps at once) find the first entry and roll back.
 *
 * `attempt` is the client's key for one try. A code already redeemed with the same key is a repeat
 * of that try (its answer was lost): it answers the credit the try made, and moves nothing.
 */
export async function redeemCode(db: Db, clock: Clock, userId: number, rawCode: string, attempt?: string): Promise<Credit> {
  const code = normaliseCode(rawCode);
  try {
    return await redeemOnce(db, clock.now(userId), userId, code, attempt ?? null);
  } catch (error) {
    const again = error instanceof AppError && error.code === ErrorCode.codeAlreadyRedeemed && attempt ? await creditOfAttempt(db, userId, code, attempt) : null;
    if (again) return again;
    throw error;
  }
}

function redeemOnce(db: Db, now: Date, userId: number, code: string, attempt: string | null): Promise<Credit> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(redeemCodes).where(eq(redeemCodes.code, code));
    if (!row) throw taskErrors.codeUnknown();
    // The earner's own use first: a repeated try answers its credit even once the code has expired.
    const [used] = await tx
      .select({ code: redeemCodeUses.code })
      .from(redeemCodeUses)
      .where(and(eq(redeemCodeUses.code, code), eq(redeemCodeUses.userId, userId)));
    if (used) throw taskErrors.codeAlreadyRedeemed();
    if (row.expiresAt <= now) throw taskErrors.codeExpired();

    const [taken] = await tx
      .update(redeemCodes)
      .set({ used: sql`${redeemCodes.used} + 1` })
      .where(and(eq(redeemCodes.code, code), lt(redeemCodes.used, redeemCodes.maxUses), gt(redeemCodes.expiresAt, now)))
      .returning({ reward: redeemCodes.reward });
    if (!taken) throw taskErrors.codeUsedUp();

    const { entry, created } = await post(tx, {
      userId,
      amount: taken.reward,
      reason: LedgerReason.redeemCode,
      idempotencyKey: `code:${code}:${userId}`,
    });
    // Another call of this earner got there first; throwing undoes this call's use of the counter.
    if (!created) throw taskErrors.codeAlreadyRedeemed();
    await tx.insert(redeemCodeUses).values({ code, userId, ledgerEntryId: entry.id, attempt });
    return { reward: taken.reward, balance: await balanceOf(tx, userId) };
  });
}

/** The credit of the earner's use of the code, when that use was made by this try. */
async function creditOfAttempt(db: Db, userId: number, code: string, attempt: string): Promise<Credit | null> {
  const [use] = await db
    .select({ entryId: redeemCodeUses.ledgerEntryId })
    .from(redeemCodeUses)
    .where(and(eq(redeemCodeUses.code, code), eq(redeemCodeUses.userId, userId), eq(redeemCodeUses.attempt, attempt)));
  const reward = use ? await entryAmount(db, userId, use.entryId) : null;
  return reward === null ? null : { reward, balance: await balanceOf(db, userId) };
}
