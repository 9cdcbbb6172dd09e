import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { loginFailures } from '../../db/schema';
import { errors } from '../../http/app-error';

/**
 * How many passwords may be tried, and how fast. Four limits, each for its own attacker:
 * - one address guessing one account: a hard stop after `perPair` in `pairWindowMinutes`;
 * - many addresses guessing one account: after `accountFree` failures in an hour every further
 *   attempt waits twice as long as the one before, up to `accountMaxDelaySeconds`. That bounds the
 *   guesses per account per hour (see `maxGuessesPerHour`) without ever locking the owner out for
 *   longer than that delay, from any address;
 * - one browser guessing many accounts: a hard stop after `perDevice` in `pairWindowMinutes`,
 *   counted per address and browser id (attempts without an id share one count per address);
 * - one address guessing many accounts with ever new browser ids: a hard stop after `perIp`.
 * Mobile carriers put thousands of phones behind one address, so the address's own limit is
 * far above one browser's: one person's typos, or a guesser's, never lock out their neighbours.
 * A browser the owner used since the password last changed (`known`) answers only to its own
 * count: a stranger guessing the account, steadily or from the same address, never keeps the
 * owner out of it.
 */
export interface AttemptPolicy {
  perPair: number;
  perDevice: number;
  perIp: number;
  pairWindowMinutes: number;
  accountFree: number;
  accountMaxDelaySeconds: number;
}

export const LOGIN_POLICY: AttemptPolicy = { perPair: 5, perDevice: 30, perIp: 300, pairWindowMinutes: 15, accountFree: 10, accountMaxDelaySeconds: 120 };
/** A password change comes from a signed-in earner: one account, one limit. */
export const PASSWORD_CHANGE_POLICY: AttemptPolicy = { perPair: 5, perDevice: 5, perIp: 5, pairWindowMinutes: 15, accountFree: 5, accountMaxDelaySeconds: 120 };

/** Where an attempt comes from: the address, and the browser's random id when it sent one. */
export interface AttemptOrigin {
  ip: string;
  device?: string | null | undefined;
  /** The browser is one the account's owner used (see `knownBrowser`). */
  known?: boolean;
}

/** Seconds an account must rest after `failures` failed attempts within the last hour. */
export function accountDelaySeconds(policy: AttemptPolicy, failures: number): number {
  if (failures < policy.accountFree) return 0;
  return Math.min(policy.accountMaxDelaySeconds, 2 ** (failures - policy.accountFree));
}

/** The most attempts one account can get in any hour, from any number of addresses. */
export function maxGuessesPerHour(policy: AttemptPolicy): number {
  let guesses = policy.accountFree;
  let elapsed = 0;
  for (;;) {
    const wait = accountDelaySeconds(policy, guesses);
    if (elapsed + wait >= 3600) return guesses;
    elapsed += wait;
    guesses += 1;
  }
}

export type AttemptScope = 'login' | 'passwordChange';

interface Counts {
  pair: number;
  device: number;
  ip: number;
  accountHour: number;
  lastAccount: string | null;
  oldestPair: string | null;
  oldestDevice: string | null;
  oldestIp: string | null;
}

function minutesLeft(oldest: string | null, windowMinutes: number): number {
  if (!oldest) return windowMinutes;
  const ms = new Date(oldest).getTime() + windowMinutes * 60_000 - Date.now();
  return Math.min(windowMinutes, Math.max(1, Math.ceil(ms / 60_000)));
}

/**
 * Reserves one attempt, or refuses with how long to wait. Counting and reserving are one step: the
 * account's and the address's advisory locks are held while the count is read and the attempt is
 * written, so forty guesses sent at once are counted one after the other, never all against the
 * same old count. Returns the reservation's id; it stays as a failure unless `clearAttempt` removes it.
 */
export async function reserveAttempt(db: Db, scope: AttemptScope, account: string, origin: AttemptOrigin, policy: AttemptPolicy): Promise<number> {
  const ip = origin.ip;
  const device = origin.device ?? null;
  return db.transaction(async (tx) => {
    // Always the account first, then the address: one order, so two reservations never deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attempt:${scope}:${account}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attempt-ip:${scope}:${ip}`}, 0))`);
    const pairSince = sql`now() - make_interval(mins => ${policy.pairWindowMinutes})`;
    const sameDevice = sql`${loginFailures.ip} = ${ip} and ${loginFailures.device} is not distinct from ${device}::text and ${loginFailures.createdAt} > ${pairSince}`;
    const [row] = await tx
      .select({
        pair: sql<number>`(count(*) filter (where ${loginFailures.phone} = ${account} and ${loginFailures.ip} = ${ip} and ${loginFailures.createdAt} > ${pairSince}))::int`,
        device: sql<number>`(count(*) filter (where ${sameDevice}))::int`,
        ip: sql<number>`(count(*) filter (where ${loginFailures.ip} = ${ip} and ${loginFailures.createdAt} > ${pairSince}))::int`,
        accountHour: sql<number>`(count(*) filter (where ${loginFailures.phone} = ${account}))::int`,
        lastAccount: sql<string | null>`(max(${loginFailures.createdAt}) filter (where ${loginFailures.phone} = ${account}))::text`,
        oldestPair: sql<string | null>`(min(${loginFailures.createdAt}) filter (where ${loginFailures.phone} = ${account} and ${loginFailures.ip} = ${ip} and ${loginFailures.createdAt} > ${pairSince}))::text`,
        oldestDevice: sql<string | null>`(min(${loginFailures.createdAt}) filter (where ${sameDevice}))::text`,
        oldestIp: sql<string | null>`(min(${loginFailures.createdAt}) filter (where ${loginFailures.ip} = ${ip} and ${loginFailures.createdAt} > ${pairSince}))::text`,
      })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.scope, scope),
          or(eq(loginFailures.phone, account), eq(loginFailures.ip, ip)),
          gt(loginFailures.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    const counts: Counts = {
      pair: Number(row?.pair ?? 0),
      device: Number(row?.device ?? 0),
      ip: Number(row?.ip ?? 0),
      accountHour: Number(row?.accountHour ?? 0),
      lastAccount: row?.lastAccount ?? null,
      oldestPair: row?.oldestPair ?? null,
      oldestDevice: row?.oldestDevice ?? null,
      oldestIp: row?.oldestIp ?? null,
    };
    if (counts.device >= policy.perDevice) throw errors.tooManyRequests(minutesLeft(counts.oldestDevice, policy.pairWindowMinutes));
    const known = origin.known === true && device !== null;
    if (!known && counts.pair >= policy.perPair) throw errors.tooManyRequests(minutesLeft(counts.oldestPair, policy.pairWindowMinutes));
    if (!known && counts.ip >= policy.perIp) throw errors.tooManyRequests(minutesLeft(counts.oldestIp, policy.pairWindowMinutes));
    const delay = known ? 0 : accountDelaySeconds(policy, counts.accountHour);
    if (delay > 0 && counts.lastAccount) {
      const waitMs = new Date(counts.lastAccount).getTime() + delay * 1000 - Date.now();
      if (waitMs > 0) throw errors.tooManyRequests(Math.max(1, Math.ceil(waitMs / 60_000)));
    }
    // Rows older than the longest window count for nothing: pruned as new ones arrive, so the
    // table stays the size of the current attempts.
    await tx
      .delete(loginFailures)
      .where(and(or(eq(loginFailures.phone, account), eq(loginFailures.ip, ip)), lt(loginFailures.createdAt, sql`now() - interval '1 hour'`)));
    const [reserved] = await tx.insert(loginFailures).values({ scope, phone: account, ip, device }).returning({ id: loginFailures.id });
    if (!reserved) throw new Error('An attempt could not be reserved');
    return reserved.id;
  });
}

/**
 * After a right password: the reservation, and the earlier failures from this same address on this
 * account, are forgotten. Failures from other addresses stay until they age out, so an owner's
 * login never hands a guesser elsewhere a fresh allowance.
 */
export async function clearAttempt(db: Executor, scope: AttemptScope, account: string, ip: string, reservationId: number): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      and(
        eq(loginFailures.scope, scope),
        or(eq(loginFailures.id, reservationId), and(eq(loginFailures.phone, account), eq(loginFailures.ip, ip))),
      ),
    );
}
