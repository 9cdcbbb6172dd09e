import { randomInt } from 'node:crypto';
import { type AppInfo, type PendingCode, type PhoneStatus, sendLink } from '@grab/shared/contracts';
import { normalizePhone } from '@grab/shared/phone';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { numberSetting } from '../config/operator-settings.repository';
import { utcDay } from '../tasks/task-periods';
import { messagingErrors } from './messaging.errors';
import {
  type CodeRow,
  countCodes,
  countEarnerTries,
  deleteNumber,
  findNumber,
  insertCode,
  latestCode,
  lockCodeRequests,
  numberReward,
  numbersOf,
  pointsOfDay,
  recordRefusal,
} from './messaging.repository';

export interface MessagingContext {
  db: Db;
  clock: Clock;
  config: Config;
}

const HOUR_MS = 3_600_000;

/** Six digits: short enough to read aloud, and a code only counts when it comes from its own number. */
function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function isOnline(ctx: MessagingContext, lastInboundAt: Date, now: Date): boolean {
  return now.getTime() - lastInboundAt.getTime() <= ctx.config.messaging.onlineWindowMinutes * 60_000;
}

function pending(ctx: MessagingContext, row: CodeRow): PendingCode {
  return { phone: row.phone, country: row.country, code: row.code, expiresAt: row.expiresAt.toISOString(), link: sendLink(ctx.config.officialAccount, row.code) };
}

/** `get_appinfo`: what the page shows before anything is typed. */
export async function appInfoOf(ctx: MessagingContext, userId: number): Promise<AppInfo> {
  const now = ctx.clock.now(userId);
  const [reward, earnedToday, numbers] = await Promise.all([numberReward(ctx.db), pointsOfDay(ctx.db, userId, utcDay(now)), numbersOf(ctx.db, userId)]);
  const m = ctx.config.messaging;
  return {
    officialAccount: ctx.config.officialAccount,
    codeValidSeconds: m.codeTtlMinutes * 60,
    dailyCap: await numberSetting(ctx.db, 'messagingDailyCap', m.dailyCap),
    earnedToday,
    reward,
    eligibility: m.eligibility,
    simulator: m.simulator,
    numbers: numbers.map((n) => ({
      phone: n.phone,
      country: n.country,
      verifiedAt: n.verifiedAt.toISOString(),
      online: isOnline(ctx, n.lastInboundAt, now),
      reward: Number(n.reward),
    })),
  };
}

/**
 * `addwsnumber`: a new one-time code for the number. Refused when the number is someone else's or
 * already the earner's, when today's messaging points are at the cap, and past the hourly limits
 * per earner and per number (counted under a lock, so parallel requests cannot slip past). A request
 * for another earner's number counts toward the earner's limit as a code does.
 */
export async function requestCode(ctx: MessagingContext, userId: number, input: { country: string; phone: string }): Promise<PendingCode> {
  const phone = normalizePhone(input.country, input.phone);
  if (!phone) throw messagingErrors.invalidNumber();
  const now = ctx.clock.now(userId);
  const m = ctx.config.messaging;
  const since = new Date(now.getTime() - HOUR_MS);
  const answer = await ctx.db.transaction(async (tx) => {
    await lockCodeRequests(tx, userId, phone);
    // Counted before the owner is looked up, so that past the limit nothing tells whose a number is.
    if ((await countEarnerTries(tx, since, userId)) >= m.codesPerHourPerEarner) throw messagingErrors.tooManyCodes();
    const owner = await findNumber(tx, phone);
    if (owner && owner.userId !== userId) {
      // Kept: the refusal must count, so it is answered after the commit rather than thrown here.
      await recordRefusal(tx, userId, now, since);
      return 'taken' as const;
    }
    if (owner) throw messagingErrors.alreadyVerified();
    if ((await pointsOfDay(tx, userId, utcDay(now))) >= (await numberSetting(tx, 'messagingDailyCap', m.dailyCap))) throw messagingErrors.capReached();
    if ((await countCodes(tx, since, { phone })) >= m.codesPerHourPerNumber) throw messagingErrors.tooManyCodes();
    const row = await insertCode(tx, {
      userId,
      country: input.country,
      phone,
      code: newCode(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + m.codeTtlMinutes * 60_000),
    });
    return pending(ctx, row);
  });
  if (answer === 'taken') throw messagingErrors.numberTaken();
  return answer;
}

/** `get_code`: the earner's newest code while it still waits to arrive, so a reloaded page resumes. */
export async function waitingCode(ctx: MessagingContext, userId: number): Promise<PendingCode | null> {
  const row = await latestCode(ctx.db, userId);
  if (!row || row.verifiedAt || row.expiresAt <= ctx.clock.now(userId)) return null;
  return pending(ctx, row);
}

/** `get_phonestatus`: where the earner's newest code for the number stands, and the number's presence. */
export async function phoneStatus(ctx: MessagingContext, userId: number, phone: string): Promise<PhoneStatus> {
  const now = ctx.clock.now(userId);
  const [code, number] = await Promise.all([latestCode(ctx.db, userId, phone), findNumber(ctx.db, phone)]);
  const mine = number && number.userId === userId ? number : null;
  const online = mine ? isOnline(ctx, mine.lastInboundAt, now) : false;
  if (!code) {
    if (!mine) throw messagingErrors.numberUnknown();
    return { phone, state: 'verified', online, reward: 0, capped: false, expiresAt: null };
  }
  const expiresAt = code.expiresAt.toISOString();
  if (code.verifiedAt) return { phone, state: 'verified', online, reward: Number(code.reward), capped: code.capped, expiresAt };
  return { phone, state: code.expiresAt <= now ? 'expired' : 'waiting', online, reward: 0, capped: false, expiresAt };
}

/** `dwsaccount`: the earner's own number only; what it earned stays earned, and it never earns again. */
export async function removeNumber(ctx: MessagingContext, userId: number, phone: string): Promise<{ deleted: boolean }> {
  if (!(await deleteNumber(ctx.db, userId, phone))) throw messagingErrors.numberUnknown();
  return { deleted: true };
}
