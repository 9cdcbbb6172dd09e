import { adminMe, auditList, consoleWaiting, OperatorRole } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { undecidedSubmissions } from '../reviews/reviews.repository';
import { openFraudFlags } from '../team/fraud.admin.routes';
import { ordersWaitingForOperators } from '../wallet/payouts.admin.routes';
import { listActions } from './audit-log.repository';
import { operatorsOnly } from './operator-roles';

/** The console's own calls: who is signed in, what waits for them, and the audit log. */
export function adminRoutes(app: FastifyInstance, db: Db): void {
  route(
    app,
    adminMe,
    async (_input, request) => {
      const { userId } = earnerOf(request);
      // Read again: the console shows screens by the role the database holds now.
      const [row] = await db.select({ role: users.role, phone: users.phone }).from(users).where(eq(users.id, userId));
      const role = OperatorRole.safeParse(row?.role);
      if (!row || !role.success) throw errors.unauthorized();
      return { userId, role: role.data, phone: row.phone };
    },
    operatorsOnly('admin', 'reviewer', 'payout'),
  );
  route(
    app,
    consoleWaiting,
    async (_input, request) => {
      // The role the session was read with, as every console call's guard uses: each sees only the
      // work its screens let it do.
      const role = earnerOf(request).role;
      const [reviews, withdrawals, fraud] = await Promise.all([
        role === 'admin' || role === 'reviewer' ? undecidedSubmissions(db) : null,
        role === 'admin' || role === 'payout' ? ordersWaitingForOperators(db) : null,
        role === 'admin' ? openFraudFlags(db) : null,
      ]);
      return { reviews, withdrawals, fraud };
    },
    operatorsOnly('admin', 'reviewer', 'payout'),
  );
  route(app, auditList, (input) => listActions(db, { ...input, page: input.page ?? 1 }), operatorsOnly('admin'));
}
