import { type DrawSetup, type DrawStatus, ErrorCode, type SpinAnswer, type SpinResult } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../http/app-error';
import { LedgerReason, post } from '../ledger/ledger.service';
import { markSpinUsed, oldestUnusedSpin, spinByKey, spinCounts, spinHistory, spinOf } from './draw-spins.repository';
import { currentSettings, type DrawSettings, setupOf } from './draw-settings.repository';
import { cryptoRandomInt, pickPrize, type RandomInt } from './prize-pick';
import { grantDailySpins, todaysDailyKeys } from './spin-grants.service';

export interface DrawContext {
  db: Db;
  clock: Clock;
  /** `crypto.randomInt` unless a test injects a seeded source. */
  random?: RandomInt;
}

const HISTORY_SIZE = 20;

async function settingsInForce(db: Db): Promise<DrawSettings> {
  const settings = await currentSettings(db);
  // Every database is seeded with one; without it there is no draw to show.
  if (!settings) throw errors.notFound();
  return settings;
}

export async function drawSetupOf(ctx: DrawContext, userId: number): Promise<DrawSetup> {
  return setupOf(await settingsInForce(ctx.db), ctx.clock.now(userId));
}

/** Spins left counts today's daily spins not yet granted, so reading the page writes nothing. */
export async function drawStatusOf(ctx: DrawContext, userId: number): Promise<DrawStatus> {
  const settings = await settingsInForce(ctx.db);
  const todayKeys = todaysDailyKeys(userId, settings, ctx.clock.now(userId));
  const [counts, history] = await Promise.all([spinCounts(ctx.db, userId, todayKeys), spinHistory(ctx.db, userId, HISTORY_SIZE)]);
  return { spinsLeft: counts.unused + (todayKeys.length - counts.grantedToday), history };
}

export async function spinResultOf(ctx: DrawContext, userId: number, spinId: number): Promise<SpinResult> {
  const spin = await spinOf(ctx.db, userId, spinId);
  // Another earner's spin answers exactly as one that does not exist.
  if (!spin) throw errors.notFound();
  return spin;
}

/**
 * One tap of Spin, in one transaction: today's free spins are granted if due, the oldest unused
 * spin is taken, the prize is picked from the configuration in force and credited through the
 * ledger (key `spin:<id>`), and the spin records its outcome. The earner's draw lock queues their
 * taps, so one spin left pays once however many arrive together; a key already used answers its
 * spin again and moves nothing.
 */
export async function spin(ctx: DrawContext, userId: number, requestKey: string): Promise<SpinAnswer> {
  const random = ctx.random ?? cryptoRandomInt;
  const now = ctx.clock.now(userId);
  const { result, repeated } = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`draw:${userId}`}, 0))`);
    const earlier = await spinByKey(tx, userId, requestKey);
    if (earlier) return { result: earlier, repeated: true };
    const settings = await currentSettings(tx);
    if (!settings) throw errors.notFound();
    await grantDailySpins(tx, userId, settings, now);
    const spinId = await oldestUnusedSpin(tx, userId);
    if (spinId === null) throw new AppError(ErrorCode.noSpins, 'errors.noSpins');
    const prizeIndex = pickPrize(
      settings.config.prizes.map((p) => p.weight),
      random,
    );
    const amount = settings.config.prizes[prizeIndex]?.amount ?? 0;
    const { entry } = await post(tx, { userId, amount, reason: LedgerReason.prize, idempotencyKey: `spin:${spinId}` });
    const used = await markSpinUsed(tx, spinId, { requestKey, settingsId: settings.id, prizeIndex, amount, ledgerEntryId: entry.id });
    return { result: used, repeated: false };
  });
  const { spinsLeft } = await drawStatusOf(ctx, userId);
  return { ...result, spinsLeft, repeated };
}
