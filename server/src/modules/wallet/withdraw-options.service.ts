import { type CurrencyCode, methodsOf, type WithdrawOptions } from '@grab/shared/contracts';
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { currencies, institutions, users, withdrawOrders, withdrawSettings } from '../../db/schema';
import { errors } from '../../http/app-error';

export interface EarnerRules {
  options: WithdrawOptions;
  country: string;
  approvalAbove: number;
}

const startOfUtcDay = sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;

/** Today's withdrawals of one earner that still count against the limits (a failed one gave its amount back). */
export async function usedToday(db: Executor, userId: number): Promise<{ count: number; amount: number }> {
  const [row] = await db
    .select({ count: sql<string>`count(*)::text`, amount: sql<string>`coalesce(sum(${withdrawOrders.amount}), 0)::text` })
    .from(withdrawOrders)
    .where(and(eq(withdrawOrders.userId, userId), gte(withdrawOrders.requestedAt, startOfUtcDay), ne(withdrawOrders.state, 'failed')));
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
}

/** The operator's rules for the earner's currency, with what the earner has used of them today. */
export async function earnerRules(db: Executor, userId: number, coolingOffHours: number): Promise<EarnerRules> {
  const [user] = await db.select({ country: users.country, currency: users.currency }).from(users).where(eq(users.id, userId));
  if (!user) throw errors.unauthorized();
  const [[settings], [currency], used, offered] = await Promise.all([
    db.select().from(withdrawSettings).where(eq(withdrawSettings.currency, user.currency)),
    db.select().from(currencies).where(eq(currencies.code, user.currency)).limit(1),
    usedToday(db, userId),
    // A method whose every institution an operator switched off is not offered at all.
    db.selectDistinct({ method: institutions.method }).from(institutions).where(and(eq(institutions.country, user.country), eq(institutions.active, true))),
  ]);
  if (!settings || !currency) throw errors.notFound();
  return {
    country: user.country,
    approvalAbove: Number(settings.approvalAbove),
    options: {
      currency: user.currency as CurrencyCode,
      fractionDigits: currency.fractionDigits,
      microsPerPoint: currency.microsPerPoint,
      presets: [...settings.presets].sort((a, b) => a - b),
      minAmount: settings.minAmount,
      feeBps: settings.feeBps,
      feeMinPoints: settings.feeMinPoints,
      dailyCount: settings.dailyCount,
      usedTodayCount: used.count,
      dailyAmount: Number(settings.dailyAmount),
      usedTodayAmount: used.amount,
      coolingOffHours,
      methods: methodsOf(user.country).filter((m) => offered.some((o) => o.method === m)),
    },
  };
}
