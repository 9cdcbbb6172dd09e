import { ErrorCode, type FlagDecision, type HeldRebates, heldRebatesDecide, heldRebatesList, signupFlagDecide } from '@grab/shared/contracts';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/database';
import { fraudFlagDecisions, teamRebates, userProgress, users } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { recordAction } from '../admin/audit-log.repository';
import { operatorsOnly } from '../admin/operator-roles';
import { freeze, freezeOf } from '../users/earner-freezes.repository';
import { releaseHeldRebates } from './rebates.service';
import { openSignupFlags, signupFlagByKey } from './signup-flags.repository';

const PAGE = 30;
const REBATES_KEY = 'rebates:';
const rebatesKey = (earnerId: number) => `${REBATES_KEY}${earnerId}`;

type DecisionRow = typeof fraudFlagDecisions.$inferSelect;
const toDecision = (r: DecisionRow): FlagDecision => ({ decision: r.decision, note: r.note, decidedBy: r.decidedBy, decidedAt: r.decidedAt.toISOString() });

async function decide(tx: Executor, row: { flagKey: string; decision: FlagDecision['decision']; note: string; signupsSeen?: number; decidedBy: number }): Promise<FlagDecision> {
  const [made] = await tx.insert(fraudFlagDecisions).values(row).returning();
  if (!made) throw errors.conflict();
  return toDecision(made);
}

/**
 * The fraud flags no admin has decided on, for the console's menu: sign-up flags (the kept groups),
 * and invitees whose held rebates have no decision (the held rows' partial index keeps that read to
 * the held ones, however many rebates were ever paid).
 */
export async function openFraudFlags(db: Executor): Promise<{ signupFlags: number; heldRebates: number }> {
  const [held] = await db
    .select({ open: sql<number>`count(distinct ${teamRebates.earnerId})`.mapWith(Number) })
    .from(teamRebates)
    .where(
      sql`${teamRebates.status} = 'held' and not exists (select 1 from ${fraudFlagDecisions} f where f.flag_key = ${REBATES_KEY}::text || ${teamRebates.earnerId})`,
    );
  return { signupFlags: await openSignupFlags(db), heldRebates: held?.open ?? 0 };
}

/**
 * The console's fraud flags: sign-ups sharing a device or an address, and rebates held for an
 * invitee. Each flag is dismissed or acted on with a note, and every decision is in the audit log.
 * Acting never bans silently: a frozen earner reads the note as the reason on every refused
 * withdrawal, and held rebates are shown to their uplines with why. Reviewers see the flags (the
 * team module's list); decisions are the admins'.
 */
export function fraudAdminRoutes(app: FastifyInstance, db: Db): void {
  const guard = operatorsOnly('admin');
  route(
    app,
    signupFlagDecide,
    (input, request) =>
      db.transaction(async (tx) => {
        const operator = earnerOf(request);
        const flag = await signupFlagByKey(tx, input.key);
        if (!flag) throw errors.notFound();
        // Decided stays decided until a new sign-up joins the flag: a dismissal after a freeze
        // would show the flag dismissed while its earners stay frozen.
        if (flag.decision) throw new AppError(ErrorCode.conflict, 'admin.flagDecided');
        const frozen: number[] = [];
        if (input.action === 'freeze') {
          // Operators are never frozen from here: an operator's account in a flag is left to an admin's own look.
          const accounts = await tx.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, [flag.inviterId, ...flag.inviteeIds]));
          for (const account of accounts.filter((a) => a.role === 'earner').sort((a, b) => a.id - b.id)) {
            if (await freezeOf(tx, account.id)) continue;
            await freeze(tx, account.id, input.note, operator.userId);
            await recordAction(tx, operator, { action: 'earner.freeze', targetType: 'earner', targetId: account.id, before: { frozen: null }, after: { frozen: { reason: input.note } }, note: `fraud flag ${flag.key}` });
            frozen.push(account.id);
          }
        }
        const decision = await decide(tx, { flagKey: flag.key, decision: input.action === 'freeze' ? 'frozen' : 'dismissed', note: input.note, signupsSeen: flag.signups, decidedBy: operator.userId });
        await recordAction(tx, operator, {
          action: input.action === 'freeze' ? 'fraud.freeze' : 'fraud.dismiss',
          targetType: 'signupFlag',
          targetId: flag.key,
          before: { decision: null, signups: flag.signups, inviteeIds: flag.inviteeIds },
          after: { decision: decision.decision, frozen },
          note: input.note,
        });
        return { key: flag.key, decision, frozen };
      }),
    guard,
  );
  route(
    app,
    heldRebatesList,
    async (input) => {
      const page = input.page ?? 1;
      const rows = await db
        .select({
          earnerId: teamRebates.earnerId,
          earnerPhone: users.phone,
          rebates: sql<number>`count(*)`.mapWith(Number),
          amount: sql<number>`sum(${teamRebates.amount})`.mapWith(Number),
          uplines: sql<number>`count(distinct ${teamRebates.uplineId})`.mapWith(Number),
          since: sql<string>`min(${teamRebates.createdAt})`.mapWith((v) => new Date(v).toISOString()),
        })
        .from(teamRebates)
        .innerJoin(users, eq(users.id, teamRebates.earnerId))
        .where(eq(teamRebates.status, 'held'))
        .groupBy(teamRebates.earnerId, users.phone)
        .orderBy(desc(sql`sum(${teamRebates.amount})`), teamRebates.earnerId)
        .limit(PAGE + 1)
        .offset((page - 1) * PAGE);
      const shown = rows.slice(0, PAGE);
      // The latest decision on each invitee of the page, in one read.
      const latest = shown.length
        ? await db
            .selectDistinctOn([fraudFlagDecisions.flagKey])
            .from(fraudFlagDecisions)
            .where(inArray(fraudFlagDecisions.flagKey, shown.map((r) => rebatesKey(r.earnerId))))
            .orderBy(fraudFlagDecisions.flagKey, desc(fraudFlagDecisions.id))
        : [];
      const decisions = new Map(latest.map((d) => [d.flagKey, toDecision(d)]));
      const list: HeldRebates[] = shown.map((r) => ({ ...r, decision: decisions.get(rebatesKey(r.earnerId)) ?? null }));
      return { list, hasMore: rows.length > PAGE };
    },
    guard,
  );
  route(
    app,
    heldRebatesDecide,
    (input, request) =>
      db.transaction(async (tx) => {
        const operator = earnerOf(request);
        // The earner's progress row first, as every payment takes it: a reward paid at this moment queues behind the release.
        await tx.execute(sql`insert into ${userProgress} (user_id) select id from ${users} where id = ${input.earnerId} on conflict (user_id) do update set user_id = excluded.user_id`);
        const [held] = await tx
          .select({ rebates: sql<number>`count(*)`.mapWith(Number), amount: sql<number>`coalesce(sum(${teamRebates.amount}), 0)`.mapWith(Number) })
          .from(teamRebates)
          .where(sql`${teamRebates.earnerId} = ${input.earnerId} and ${teamRebates.status} = 'held'`);
        if (!held || held.rebates === 0) throw new AppError(ErrorCode.notFound, 'admin.nothingHeld');
        const released = input.action === 'release' ? await releaseHeldRebates(tx, input.earnerId) : 0;
        const decision = await decide(tx, { flagKey: rebatesKey(input.earnerId), decision: input.action === 'release' ? 'released' : 'dismissed', note: input.note, decidedBy: operator.userId });
        await recordAction(tx, operator, {
          action: input.action === 'release' ? 'fraud.releaseRebates' : 'fraud.keepRebates',
          targetType: 'earner',
          targetId: input.earnerId,
          before: { held: held.rebates, amount: held.amount },
          after: { held: held.rebates - released, released },
          note: input.note,
        });
        return { earnerId: input.earnerId, decision, released };
      }),
    guard,
  );
}
