import type { OperatorAction } from '@grab/shared/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { operatorActions } from '../../db/schema';
import type { Earner } from '../auth/auth.plugin';

export const OPERATOR_ACTIONS_PAGE_SIZE = 30;

export interface ActionRecord {
  action: string;
  targetType: string;
  targetId: number | string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/**
 * Appends one operator action, in the caller's transaction: the action and its record commit or
 * roll back together, so the log never shows what did not happen nor misses what did.
 */
export async function recordAction(tx: Executor, operator: Pick<Earner, 'userId' | 'role'>, record: ActionRecord): Promise<void> {
  await tx.insert(operatorActions).values({
    operatorId: operator.userId,
    operatorRole: operator.role,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    before: record.before ?? null,
    after: record.after ?? null,
    note: record.note ?? null,
  });
}

export async function listActions(
  db: Executor,
  filter: { action?: string; targetType?: string; targetId?: string; operatorId?: number; page: number },
): Promise<{ list: OperatorAction[]; hasMore: boolean }> {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(operatorActions.action, filter.action));
  if (filter.targetType) where.push(eq(operatorActions.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(operatorActions.targetId, filter.targetId));
  if (filter.operatorId) where.push(eq(operatorActions.operatorId, filter.operatorId));
  const rows = await db
    .select()
    .from(operatorActions)
    .where(and(...where))
    .orderBy(desc(operatorActions.createdAt), desc(operatorActions.id))
    .limit(OPERATOR_ACTIONS_PAGE_SIZE + 1)
    .offset((filter.page - 1) * OPERATOR_ACTIONS_PAGE_SIZE);
  return {
    hasMore: rows.length > OPERATOR_ACTIONS_PAGE_SIZE,
    list: rows.slice(0, OPERATOR_ACTIONS_PAGE_SIZE).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
