import { type ChangePasswordBody, type LoginBody, type OPERATOR_ROLES, Password, type RegisterBody, type Role, type Session } from '@grab/shared/contracts';
import { languageFromHeader } from '@grab/shared/i18n/languages';
import { isPhoneCountry, normalizePhone, type PhoneCountry, payoutCurrency } from '@grab/shared/phone';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/database';
import { rootInviteCodes, signups, users } from '../../db/schema';
import { errors } from '../../http/app-error';
import { countSignup } from '../team/team-stats.repository';
import { LedgerReason, post } from '../ledger/ledger.service';
import { findUserByInviteCode, findUserById, findUserByPhone, loadUserInfo } from '../users/users.repository';
import { burnPasswordCheck, hashPassword, randomCode, verifyPassword } from './credentials';
import { clearAttempt, LOGIN_POLICY, PASSWORD_CHANGE_POLICY, reserveAttempt } from './password-attempts';
import { createSession, knownBrowser, type Origin, revokeAllSessions } from './sessions.repository';

/** SPEC §1: "a bonus of 100 for new users", in hundredths of a point. */
export const WELCOME_BONUS = 100_00;
/** Team counts and rebates reach five levels up (DESIGN §5). */
export const TEAM_DEPTH = 5;

export interface AuthContext {
  db: Db;
  tokenTtlDays: number;
  /** Sign-ups per address and per device in 24 hours; none for the seed's own accounts. */
  signupLimits?: { perIp: number; perDevice: number };
}

/** Where a request came from, and its language for a new earner's settings. */
export interface RequestOrigin extends Origin {
  acceptLanguage?: string | undefined;
}

/** The number in E.164 form with its country, known to be one of ours. */
function normalisedPhoneOrThrow(country: string, phone: string): { phone: string; country: PhoneCountry } {
  const normalised = normalizePhone(country, phone);
  if (!normalised || !isPhoneCountry(country)) throw errors.validation('validation.phoneInvalid');
  return { phone: normalised, country };
}

interface NewAccount {
  phone: string;
  country: PhoneCountry;
  passwordHash: string;
  inviterId: number | null;
  language: ReturnType<typeof languageFromHeader>;
  role?: Role;
}

/**
 * A new account with its public id and invitation code; none when the phone is taken (the unique key
 * decides). It is paid in its phone country's currency: the language only says how the app speaks.
 */
async function insertAccount(tx: Tx, account: NewAccount): Promise<{ id: number } | undefined> {
  const [user] = await tx
    .insert(users)
    .values({
      publicId: `u${randomCode(12).toLowerCase()}`,
      phone: account.phone,
      country: account.country,
      passwordHash: account.passwordHash,
      inviteCode: randomCode(8),
      inviterId: account.inviterId,
      language: account.language.key,
      currency: payoutCurrency(account.country),
      role: account.role ?? 'earner',
    })
    .onConflictDoNothing({ target: users.phone })
    .returning({ id: users.id });
  return user;
}

async function sessionFor(ctx: AuthContext, db: Executor, userId: number, origin: Origin): Promise<Session> {
  const token = await createSession(db, userId, ctx.tokenTtlDays, origin);
  const userInfo = await loadUserInfo(db, userId);
  if (!userInfo) throw new Error(`User ${userId} vanished while opening a session`);
  return { token, userInfo };
}

/**
 * Refuses a sign-up over the per-address or per-device limit. The address's and device's advisory
 * locks are held until the sign-up commits, so forty parallel sign-ups are counted one after another.
 */
async function assertSignupAllowed(tx: Tx, limits: NonNullable<AuthContext['signupLimits']>, origin: Origin): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signup-ip:${origin.ip}`}, 0))`);
  if (origin.deviceId) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signup-device:${origin.deviceId}`}, 0))`);
  const [row] = await tx
    .select({
      byIp: sql<number>`(count(*) filter (where ${signups.ip} = ${origin.ip}))::int`,
      byDevice: sql<number>`(count(*) filter (where ${signups.deviceId} = ${origin.deviceId ?? null}::text))::int`,
    })
    .from(signups)
    .where(and(gt(signups.createdAt, sql`now() - interval '1 day'`), or(eq(signups.ip, origin.ip), origin.deviceId ? eq(signups.deviceId, origin.deviceId) : sql`false`)));
  if (Number(row?.byIp ?? 0) >= limits.perIp || Number(row?.byDevice ?? 0) >= limits.perDevice) throw errors.tooManySignups();
}

export async function register(ctx: AuthContext, input: RegisterBody, origin: RequestOrigin): Promise<Session> {
  const acceptLanguage = origin.acceptLanguage;
  const where: Origin = { ip: origin.ip, deviceId: input.deviceId };
  const { phone, country } = normalisedPhoneOrThrow(input.country, input.phone);
  const code = input.inviteCode.trim().toUpperCase();
  // The slow hash happens before the transaction opens, so it holds no locks meanwhile.
  const passwordHash = await hashPassword(input.password);
  const language = languageFromHeader(acceptLanguage);
  return ctx.db.transaction(async (tx) => {
    if (ctx.signupLimits) await assertSignupAllowed(tx, ctx.signupLimits, where);
    const inviter = await findUserByInviteCode(tx, code);
    if (!inviter) {
      const [root] = await tx.select().from(rootInviteCodes).where(eq(rootInviteCodes.code, code));
      if (!root) throw errors.inviteCodeUnknown();
    }
    const user = await insertAccount(tx, { phone, country, passwordHash, inviterId: inviter?.id ?? null, language });
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
    await tx.insert(signups).values({ userId: user.id, inviterId: inviter?.id ?? null, ip: where.ip, deviceId: where.deviceId ?? null });
    if (inviter) await countSignup(tx, user.id);
    await post(tx, { userId: user.id, amount: WELCOME_BONUS, reason: LedgerReason.welcomeBonus, idempotencyKey: `welcome:${user.id}` });
    return sessionFor(ctx, tx, user.id, where);
  });
}

/**
 * An attempt is reserved before the password is checked (see password-attempts.ts), so the limits
 * hold however many guesses arrive at once, in every server process.
 */
export async function login(ctx: AuthContext, input: LoginBody, ip: string): Promise<Session> {
  const phone = normalizePhone(input.country, input.phone) ?? `${input.country}:${input.phone}`;
  const user = await findUserByPhone(ctx.db, phone);
  const known = user !== null && input.deviceId !== undefined && (await knownBrowser(ctx.db, user.id, input.deviceId));
  const attempt = await reserveAttempt(ctx.db, 'login', phone, { ip, device: input.deviceId, known }, LOGIN_POLICY);
  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  // A wrong password leaves the reservation in place: it is the failure.
  if (!user || !ok) throw errors.badCredentials();
  return ctx.db.transaction(async (tx) => {
    await clearAttempt(tx, 'login', phone, ip, attempt);
    return sessionFor(ctx, tx, user.id, { ip, deviceId: input.deviceId });
  });
}

/** Throttled like a login: a stolen token must not become a way to guess the password behind it. */
export async function changePassword(ctx: AuthContext, userId: number, input: ChangePasswordBody, ip: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw errors.unauthorized();
  const account = String(userId);
  const attempt = await reserveAttempt(ctx.db, 'passwordChange', account, { ip }, PASSWORD_CHANGE_POLICY);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw errors.oldPasswordWrong();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await clearAttempt(tx, 'passwordChange', account, ip, attempt);
    await tx.update(users).set({ passwordHash, passwordChangedAt: sql`now()` }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
  });
}

export interface OperatorInput {
  country: string;
  phone: string;
  role: (typeof OPERATOR_ROLES)[number];
  /** Needed for a new account; an existing account keeps its password unless one is given. */
  password?: string | undefined;
}

/**
 * Makes an operator, or gives an existing account an operator role (the `create-operator` command).
 * An operator has no inviter, no team and no welcome bonus: it is not an earner.
 */
export async function createOperator(db: Db, input: OperatorInput): Promise<{ userId: number; created: boolean }> {
  const { phone, country } = normalisedPhoneOrThrow(input.country, input.phone);
  if (input.password !== undefined && !Password.safeParse(input.password).success) throw errors.validation('validation.passwordLength');
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const existing = await findUserByPhone(tx, phone);
    if (existing) {
      await tx
        .update(users)
        .set({ role: input.role, ...(passwordHash ? { passwordHash, passwordChangedAt: sql`now()` } : {}) })
        .where(eq(users.id, existing.id));
      if (passwordHash) await revokeAllSessions(tx, existing.id);
      return { userId: existing.id, created: false };
    }
    if (!passwordHash) throw errors.validation('validation.passwordRequired');
    const user = await insertAccount(tx, { phone, country, passwordHash, inviterId: null, language: languageFromHeader(undefined), role: input.role });
    if (!user) throw new Error('The operator could not be created');
    return { userId: user.id, created: true };
  });
}
