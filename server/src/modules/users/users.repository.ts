import type { UserInfo } from '@grab/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { balances, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The display name the messaging sign uses: the phone with its middle hidden. */
export function maskedPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row ?? null;
}

export async function findUserByInviteCode(db: Executor, code: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, code));
  return row ?? null;
}

export function toUserInfo(user: UserRow, balance: number): UserInfo {
  return {
    id: user.id,
    phone: user.phone,
    country: user.country,
    thirdUserId: user.publicId,
    thirdName: maskedPhone(user.phone),
    asset: balance,
    level: user.level,
    inviteCode: user.inviteCode,
    currency: user.currency as UserInfo['currency'],
    createdAt: user.createdAt.toISOString(),
  };
}

const userInfoQuery = preparedQuery((db) =>
  db
    .select({ user: users, balance: balances.balance })
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_info'),
);

export async function loadUserInfo(db: Executor, id: number): Promise<UserInfo | null> {
  const [row] = await userInfoQuery(db).execute({ id });
  if (!row) return null;
  return toUserInfo(row.user, Number(row.balance ?? 0));
}
