import { EARNER_NUMBER, type EarnerProfile, ErrorCode, earnerFreeze, earnerLedger, earnerReverse, earnerSearch, earnerUnfreeze, RowId } from '@grab/shared/contracts';
import { asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
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
const DIGITS_ONLY = /^\d+$/;

/** The account id "#123" or "123" names; null for one no row can have ("#0", past the id column's range). */
function accountIdOf(digits: string): number | null {
  const id = Number(digits);
  return RowId.safeParse(id).success ? id : null;
}

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

async function profiles(db: Executor, where: SQL | undefined, limit = SEARCH_LIMIT, first: SQL[] = []): Promise<EarnerProfile[]> {
  const rows = await db
    .select(profileFields)
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .where(where)
    .orderBy(...first, asc(users.id))
    .limit(limit);
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
      // "#123" is the account id every other console screen shows, and only that: an id no row can
      // have finds nobody rather than reaching the integer column as an out-of-range error.
      const written = EARNER_NUMBER.exec(input.q);
      if (written) {
        const id = accountIdOf(written[1] ?? '');
        return { list: id === null ? [] : await profiles(db, eq(users.id, id), 1) };
      }
      // An invitation code matches whole. A query written as a phone number (digits and the marks
      // people type between them) also matches anywhere in the stored E.164 number; a query with
      // letters is a code, never a phone fragment: the digits scattered through "K7QX29M4" would
      // otherwise bring up every earner whose number holds "7294".
      const byCode = eq(users.inviteCode, input.q.toUpperCase());
      const digits = PHONE_SHAPED.test(input.q) ? input.q.replace(/\D/g, '') : '';
      const byPhone = digits.length >= 3 ? ilike(users.phone, `%${digits}%`) : undefined;
      // A bare "123" may be an operator who left out the "#" as much as a phone fragment: the
      // account it names comes first, the numbers holding those digits after, each result showing
      // its "#id" so the two readings are told apart on screen.
      const id = DIGITS_ONLY.test(input.q) ? accountIdOf(input.q) : null;
      const byId = id === null ? undefined : eq(users.id, id);
      return { list: await profiles(db, or(byCode, byPhone, byId), SEARCH_LIMIT, byId ? [sql`(${byId}) desc`] : []) };
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
