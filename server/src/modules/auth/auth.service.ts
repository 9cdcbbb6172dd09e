import type { ChangePasswordBody, LoginBody, RegisterBody, Session } from '@grab/shared/contracts';
import { languageFromHeader } from '@grab/shared/i18n/languages';
import { normalizePhone } from '@grab/shared/phone';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { loginFailures, rootInviteCodes, users } from '../../db/schema';
import { errors } from '../../http/app-error';
import { LedgerReason, post } from '../ledger/ledger.service';
import { findUserByInviteCode, findUserById, findUserByPhone, loadUserInfo } from '../users/users.repository';
import { burnPasswordCheck, hashPassword, randomCode, verifyPassword } from './credentials';
import { createSession, revokeAllSessions } from './sessions.repository';

/** SPEC §1: "a bonus of 100 for new users", in hundredths of a point. */
export const WELCOME_BONUS = 100_00;
/** Team counts and rebates reach five levels up (DESIGN §5). */
export const TEAM_DEPTH = 5;

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_PHONE = 5;
export const MAX_FAILURES_PER_IP = 30;

export interface AuthContext {
  db: Db;
  tokenTtlDays: number;
}

function normalisedPhoneOrThrow(country: string, phone: string): string {
  const normalised = normalizePhone(country, phone);
  if (!normalised) throw errors.validation('validation.phoneInvalid');
  return normalised;
}

async function sessionFor(ctx: AuthContext, db: Executor, userId: number): Promise<Session> {
  const token = await createSession(db, userId, ctx.tokenTtlDays);
  const userInfo = await loadUserInfo(db, userId);
  if (!userInfo) throw new Error(`User ${userId} vanished while opening a session`);
  return { token, userInfo };
}

export async function register(ctx: AuthContext, input: RegisterBody, acceptLanguage?: string): Promise<Session> {
  const phone = normalisedPhoneOrThrow(input.country, input.phone);
  const code = input.inviteCode.trim().toUpperCase();
  // The slow hash happens before the transaction opens, so it holds no locks meanwhile.
  const passwordHash = await hashPassword(input.password);
  const language = languageFromHeader(acceptLanguage);
  return ctx.db.transaction(async (tx) => {
    const inviter = await findUserByInviteCode(tx, code);
    if (!inviter) {
      const [root] = await tx.select().from(rootInviteCodes).where(eq(rootInviteCodes.code, code));
      if (!root) throw errors.inviteCodeUnknown();
    }
    const [user] = await tx
      .insert(users)
      .values({
        publicId: `u${randomCode(12).toLowerCase()}`,
        phone,
        country: input.country,
        passwordHash,
        inviteCode: randomCode(8),
        inviterId: inviter?.id ?? null,
        language: language.key,
        currency: language.currency,
      })
      .onConflictDoNothing({ target: users.phone })
      .returning({ id: users.id });
    if (!user) throw errors.phoneTaken();
    if (inviter) {
      // The inviter and the inviter's own uplines (one level deeper each), up to TEAM_DEPTH.
      await tx.execute(sql`
        insert into user_ancestors (user_id, ancestor_id, depth)
        select ${user.id}::int, ${inviter.id}::int, 1::smallint
        union all
        select ${user.id}::int, ancestor_id, (depth + 1)::smallint from user_ancestors
        where user_id = ${inviter.id}::int and depth < ${TEAM_DEPTH}::smallint`);
    }
    await post(tx, { userId: user.id, amount: WELCOME_BONUS, reason: LedgerReason.welcomeBonus, idempotencyKey: `welcome:${user.id}` });
    return sessionFor(ctx, tx, user.id);
  });
}

async function recentFailures(db: Executor, column: typeof loginFailures.phone | typeof loginFailures.ip, value: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${loginFailures.createdAt})::text` })
    .from(loginFailures)
    .where(and(eq(column, value), gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`)));
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

function minutesUntilFree(oldest: Date | null): number {
  if (!oldest) return LOGIN_WINDOW_MINUTES;
  const ms = oldest.getTime() + LOGIN_WINDOW_MINUTES * 60_000 - Date.now();
  return Math.min(LOGIN_WINDOW_MINUTES, Math.max(1, Math.ceil(ms / 60_000)));
}

/**
 * Failures are counted in the database, per phone and per address, so every server process
 * agrees. A throttled phone is refused even with the right password until the window passes.
 */
export async function login(ctx: AuthContext, input: LoginBody, ip: string): Promise<Session> {
  const phone = normalizePhone(input.country, input.phone) ?? `${input.country}:${input.phone}`;
  const [byPhone, byIp] = await Promise.all([recentFailures(ctx.db, loginFailures.phone, phone), recentFailures(ctx.db, loginFailures.ip, ip)]);
  if (byPhone.count >= MAX_FAILURES_PER_PHONE) throw errors.tooManyRequests(minutesUntilFree(byPhone.oldest));
  if (byIp.count >= MAX_FAILURES_PER_IP) throw errors.tooManyRequests(minutesUntilFree(byIp.oldest));
  const user = await findUserByPhone(ctx.db, phone);
  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !ok) {
    await ctx.db.transaction(async (tx) => {
      // Failures outside the window count for nothing: prune this phone's and address's old rows
      // as new ones arrive, so the table stays the size of the current attempts.
      await tx
        .delete(loginFailures)
        .where(
          and(
            or(eq(loginFailures.phone, phone), eq(loginFailures.ip, ip)),
            lt(loginFailures.createdAt, sql`now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`),
          ),
        );
      await tx.insert(loginFailures).values({ phone, ip });
    });
    throw errors.badCredentials();
  }
  return ctx.db.transaction(async (tx) => {
    await tx.delete(loginFailures).where(eq(loginFailures.phone, phone));
    return sessionFor(ctx, tx, user.id);
  });
}

export async function changePassword(ctx: AuthContext, userId: number, input: ChangePasswordBody): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw errors.unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw errors.oldPasswordWrong();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
  });
}
