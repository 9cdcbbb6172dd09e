import { type EarnerProfile, ErrorCode, earnerFreeze, earnerLedger, earnerReverse, earnerSearch, earnerUnfreeze } from '@grab/shared/contracts';
import { eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/database';
import { balances, users } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { recordAction } from '../admin/audit-log.repository';
import { operatorsOnly } from '../admin/operator-roles';
import { earnerLedgerPage, toLine } from '../ledger/ledger-lines.repository';
import { correctCredit } from '../ledger/ledger.service';
import { freeze, freezeOf, unfreeze } from './earner-freezes.repository';

const SEARCH_LIMIT = 20;
const PHONE_SHAPED = /^[\d\s+().-]+$/;

const profileFields = {
  id: users.id,
  publicId: users.publicId,
  phone: users.phone,
  country: users.country,
  currency: users.currency,
  inviteCode: users.inviteCode,
  level: users.level,
  role: users.role,
  inviterId: users.inviterId,
  createdAt: users.createdAt,
  balance: sql<number>`coalesce(${balances.balance}, 0)`.mapWith(Number),
  directCount: sql<number>`(select count(*) from users d where d.inviter_id = ${users.id})`.mapWith(Number),
};

async function profiles(db: Executor, where: ReturnType<typeof eq>, limit = SEARCH_LIMIT): Promise<EarnerProfile[]> {
  const rows = await db.select(profileFields).from(users).leftJoin(balances, eq(balances.userId, users.id)).where(where).limit(limit);
  return Promise.all(
    rows.map(async (r) => {
      const frozen = await freezeOf(db, r.id);
      return {
        ...r,
        createdAt: r.createdAt.toISOString(),
        frozen: frozen ? { reason: frozen.reason, frozenAt: frozen.frozenAt.toISOString(), frozenBy: frozen.frozenBy } : null,
      };
    }),
  );
}

async function profileOf(db: Executor, earnerId: number): Promise<EarnerProfile> {
  const [row] = await profiles(db, eq(users.id, earnerId), 1);
  if (!row) throw errors.notFound();
  return row;
}

/** The console's earners screen: search, profile, ledger, credit correction, freeze. Admins only. */
export function earnersAdminRoutes(app: FastifyInstance, db: Db): void {
  const guard = operatorsOnly('admin');
  route(
    app,
    earnerSearch,
    async (input) => {
      // An invitation code matches whole. A query written as a phone number (digits and the marks
      // people type between them) also matches anywhere in the stored E.164 number; a query with
      // letters is a code, never a phone fragment: the digits scattered through "K7QX29M4" would
      // otherwise bring up every earner whose number holds "7294".
      const byCode = eq(users.inviteCode, input.q.toUpperCase());
      const digits = PHONE_SHAPED.test(input.q) ? input.q.replace(/\D/g, '') : '';
      const where = digits.length >= 3 ? (or(byCode, ilike(users.phone, `%${digits}%`)) as ReturnType<typeof eq>) : byCode;
      return { list: await profiles(db, where) };
    },
    guard,
  );
  route(
    app,
    earnerLedger,
    async (input) => {
      await profileOf(db, input.earnerId);
      return earnerLedgerPage(db, input.earnerId, input.page ?? 1);
    },
    guard,
  );
  route(
    app,
    earnerReverse,
    (input, request) =>
      db.transaction(async (tx) => {
        const operator = earnerOf(request);
        const earner = await profileOf(tx, input.earnerId);
        if (earner.role !== 'earner') throw errors.notFound();
        const done = await correctCredit(tx, input.earnerId, input.entryId);
        await recordAction(tx, operator, {
          action: 'earner.reverse',
          targetType: 'earner',
          targetId: input.earnerId,
          before: { balance: done.balanceBefore, entry: { id: done.entry.id, transferId: done.entry.transferId, amount: done.entry.amount, reason: done.entry.reason } },
          after: { balance: done.balanceAfter, reversal: { id: done.reversal.id, transferId: done.reversal.transferId, amount: done.reversal.amount } },
          note: input.reason,
        });
        return { earner: await profileOf(tx, input.earnerId), reversal: toLine({ ...done.reversal, reversedBy: null }) };
      }),
    guard,
  );
  route(
    app,
    earnerFreeze,
    (input, request) =>
      db.transaction(async (tx) => {
        const operator = earnerOf(request);
        const before = await profileOf(tx, input.earnerId);
        if (before.role !== 'earner') throw errors.notFound();
        // A second freeze would keep the first's reason while answering as if it had taken this one.
        if (before.frozen) throw new AppError(ErrorCode.conflict, 'admin.alreadyFrozen');
        await freeze(tx, input.earnerId, input.reason, operator.userId);
        const after = await profileOf(tx, input.earnerId);
        await recordAction(tx, operator, { action: 'earner.freeze', targetType: 'earner', targetId: input.earnerId, before: { frozen: before.frozen }, after: { frozen: after.frozen }, note: input.reason });
        return after;
      }),
    guard,
  );
  route(
    app,
    earnerUnfreeze,
    (input, request) =>
      db.transaction(async (tx) => {
        const operator = earnerOf(request);
        const before = await profileOf(tx, input.earnerId);
        if (!before.frozen) throw new AppError(ErrorCode.conflict, 'admin.notFrozen');
        await unfreeze(tx, input.earnerId);
        const after = await profileOf(tx, input.earnerId);
        await recordAction(tx, operator, { action: 'earner.unfreeze', targetType: 'earner', targetId: input.earnerId, before: { frozen: before.frozen }, after: { frozen: after.frozen }, note: input.reason });
        return after;
      }),
    guard,
  );
}
