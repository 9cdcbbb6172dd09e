import { institutionList, payWithdraw, userRecipient, userRecipientSave, withdrawLog, withdrawOptions } from '@grab/shared/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import { institutions, users } from '../../db/schema';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { recipientOf, saveRecipient, toRecipient } from './recipients.service';
import { earnerRules } from './withdraw-options.service';
import { ordersOf, requestWithdrawal, type WithdrawDeps } from './withdrawals.service';

/** What the withdrawal request needs, and the clock the earner's other calls read. */
export interface WalletDeps extends WithdrawDeps {
  clock: Clock;
}

/** The earner's money-out calls (SPEC §7 `/app/pay/*`). Every id in them is checked against the caller. */
export function walletRoutes(app: FastifyInstance, deps: WalletDeps): void {
  const { db, clock, coolingOffHours } = deps;
  route(app, institutionList, async (input, request) => {
    const [user] = await db.select({ country: users.country }).from(users).where(eq(users.id, earnerOf(request).userId));
    if (!user) throw errors.unauthorized();
    const where = [eq(institutions.country, user.country), eq(institutions.active, true)];
    if (input.method) where.push(eq(institutions.method, input.method));
    const rows = await db.select().from(institutions).where(and(...where)).orderBy(asc(institutions.method), asc(institutions.position), asc(institutions.id));
    return rows.map((r) => ({ id: r.id, country: r.country, method: r.method, name: r.name }));
  });
  route(app, withdrawOptions, async (_input, request) => (await earnerRules(db, earnerOf(request).userId, coolingOffHours)).options);
  route(app, userRecipient, async (_input, request) => {
    const userId = earnerOf(request).userId;
    const row = await recipientOf(db, userId);
    return row ? toRecipient(row, clock.now(userId)) : null;
  });
  route(app, userRecipientSave, (input, request) => {
    const userId = earnerOf(request).userId;
    return saveRecipient(db, userId, input, coolingOffHours, clock.now(userId));
  });
  route(app, payWithdraw, (input, request) => {
    const earner = earnerOf(request);
    return requestWithdrawal(deps, earner, input, clock.now(earner.userId));
  });
  route(app, withdrawLog, (input, request) => ordersOf(db, earnerOf(request).userId, input.status, input.page ?? 1, input.pageSize ?? 10));
}
