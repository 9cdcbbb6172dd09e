import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balances, ledgerEntries, ledgerTransfers } from '../src/db/schema';
import { AppError } from '../src/http/app-error';
import { balanceOf, entriesSum, LedgerReason, post, postAlone, reverse } from '../src/modules/ledger/ledger.service';
import { engines, registerEarner, useTestContext } from './helper';

describe.each(engines)('ledger on %s', (engine) => {
  const ctx = useTestContext(engine);

  it('refuses an entry whose reason the ledger does not know, in the database itself', async () => {
    const earner = await registerEarner(ctx.app);
    await expect(
      ctx.db.execute(sql`insert into ledger_entries (user_id, amount, reason, idempotency_key) values (${earner.userId}, 100, 'gift', ${`raw:${earner.userId}`})`),
    ).rejects.toThrow();
  });
  it('credits once per idempotency key: a retry returns the first entry', async () => {
    const { userId } = await registerEarner(ctx.app);
    const input = { userId, amount: 2_50, reason: LedgerReason.taskReward, idempotencyKey: `task:1:${userId}` };
    const first = await postAlone(ctx.db, input);
    const retry = await postAlone(ctx.db, input);
    expect(first.created).toBe(true);
    expect(retry.created).toBe(false);
    expect(retry.entry.id).toBe(first.entry.id);
    expect(await balanceOf(ctx.db, userId)).toBe(100_00 + 2_50);
    // The same key with another amount is a caller bug, refused without moving anything.
    await expect(postAlone(ctx.db, { ...input, amount: 3_00 })).rejects.toBeInstanceOf(AppError);
    expect(await balanceOf(ctx.db, userId)).toBe(100_00 + 2_50);
  });

  it('never lets a debit take the balance below zero, and rolls the entry back with it', async () => {
    const { userId } = await registerEarner(ctx.app);
    await expect(postAlone(ctx.db, { userId, amount: -100_01, reason: LedgerReason.withdrawal, idempotencyKey: `w:${userId}:1` })).rejects.toMatchObject({
      key: 'errors.insufficientBalance',
    });
    expect(await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `w:${userId}:1`))).toHaveLength(0);
    await postAlone(ctx.db, { userId, amount: -100_00, reason: LedgerReason.withdrawal, idempotencyKey: `w:${userId}:2` });
    expect(await balanceOf(ctx.db, userId)).toBe(0);
  });

  it('refuses a direct update below zero in the database itself', async () => {
    const { userId } = await registerEarner(ctx.app);
    await expect(ctx.db.update(balances).set({ balance: -1 }).where(eq(balances.userId, userId))).rejects.toMatchObject({
      cause: { code: '23514' },
    });
  });

  it('reverses an entry instead of editing it, once only', async () => {
    const { userId } = await registerEarner(ctx.app);
    const reward = await postAlone(ctx.db, { userId, amount: 7_00, reason: LedgerReason.taskReward, idempotencyKey: `task:2:${userId}` });
    const reversal = await ctx.db.transaction((tx) => reverse(tx, reward.entry.id));
    expect(reversal.debit).toMatchObject({ amount: -7_00, userId, reason: 'reversal' });
    expect(reversal.credit).toMatchObject({ amount: 7_00, userId: null, account: 'rewards' });
    const [reversing] = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, reversal.transferId));
    expect(reversing?.reverses).toBe(reward.entry.transferId);
    const again = await ctx.db.transaction((tx) => reverse(tx, reward.entry.id));
    expect(again.created).toBe(false);
    await expect(ctx.db.transaction((tx) => reverse(tx, reversal.debit.id))).rejects.toBeInstanceOf(AppError);
    const rows = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(rows.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual([-7_00, 7_00, 100_00]);
  });

  it('keeps every balance equal to the sum of its entries', async () => {
    const { userId } = await registerEarner(ctx.app);
    for (let i = 0; i < 5; i++) await postAlone(ctx.db, { userId, amount: (i + 1) * 1_11, reason: LedgerReason.taskReward, idempotencyKey: `r:${userId}:${i}` });
    await postAlone(ctx.db, { userId, amount: -3_33, reason: LedgerReason.withdrawal, idempotencyKey: `w:${userId}` });
    const rows = await ctx.db.select().from(balances);
    for (const row of rows) expect(Number(row.balance)).toBe(await entriesSum(ctx.db, row.userId));
  });

  // The batch pass completes each run with the earner entry that paid it, as answered here (0042).
  it('credits several earners at once, answering each earner entry under its key, and a key again not at all', async () => {
    const [a, b] = [await registerEarner(ctx.app), await registerEarner(ctx.app)];
    const keys = [`many:${a.userId}`, `many:${b.userId}`];
    const creditMany = async () =>
      (
        (await ctx.db.execute(sql`
          select idempotency_key, entry_id from ledger_credit_many_entries('rewards', 'task_reward',
            ${sql.param([a.userId, b.userId])}::int[], ${sql.param([3_00, 4_00])}::bigint[], ${sql.param(keys)}::text[])
          order by idempotency_key`)) as unknown as { rows: { idempotency_key: string; entry_id: string | number }[] }
      ).rows;
    const answered = await creditMany();
    const entries = await ctx.db
      .select({ key: ledgerTransfers.idempotencyKey, id: ledgerEntries.id, userId: ledgerEntries.userId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(sql`${ledgerTransfers.idempotencyKey} in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)}) and ${ledgerEntries.account} = 'earner'`)
      .orderBy(ledgerTransfers.idempotencyKey);
    expect(answered.map((r) => [r.idempotency_key, Number(r.entry_id)])).toEqual(entries.map((e) => [e.key, Number(e.id)]));
    expect(new Map(entries.map((e) => [e.userId, Number(e.amount)]))).toEqual(
      new Map([
        [a.userId, 3_00],
        [b.userId, 4_00],
      ]),
    );
    expect(await creditMany()).toEqual([]);
    expect([await balanceOf(ctx.db, a.userId), await balanceOf(ctx.db, b.userId)]).toEqual([100_00 + 3_00, 100_00 + 4_00]);
    // Nobody to credit (a pass's rebates in a team without uplines): nothing made, nothing refused.
    const none = await ctx.db.execute(sql`select ledger_credit_many('rewards', 'rebate', null, null, null) as made`);
    expect(Number((none as unknown as { rows: { made: number }[] }).rows[0]?.made)).toBe(0);
  });

  it('commits the entry with the caller: a failure later in the transaction undoes it', async () => {
    const { userId } = await registerEarner(ctx.app);
    await expect(
      ctx.db.transaction(async (tx) => {
        await post(tx, { userId, amount: 5_00, reason: LedgerReason.taskReward, idempotencyKey: `rollback:${userId}` });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await balanceOf(ctx.db, userId)).toBe(100_00);
    expect(await entriesSum(ctx.db, userId)).toBe(100_00);
  });

  // PGlite runs one transaction at a time, so races only show on a real PostgreSQL.
  if (engine === 'postgres') {
    it('lets only as many concurrent debits through as the balance covers', async () => {
      const { userId } = await registerEarner(ctx.app);
      // Balance 100.00 points; 12 concurrent debits of 10.00.
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => postAlone(ctx.db, { userId, amount: -10_00, reason: LedgerReason.withdrawal, idempotencyKey: `race:${userId}:${i}` })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof AppError)).toBe(true);
      expect(await balanceOf(ctx.db, userId)).toBe(0);
      expect(await entriesSum(ctx.db, userId)).toBe(0);
    });

    it('credits once when the same key is posted concurrently', async () => {
      const { userId } = await registerEarner(ctx.app);
      const input = { userId, amount: 1_00, reason: LedgerReason.taskReward, idempotencyKey: `same:${userId}` };
      const results = await Promise.all(Array.from({ length: 10 }, () => postAlone(ctx.db, input)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
      expect(await balanceOf(ctx.db, userId)).toBe(101_00);
      expect(await entriesSum(ctx.db, userId)).toBe(101_00);
    });

    it('keeps the balance whole under mixed concurrent credits and debits', async () => {
      const { userId } = await registerEarner(ctx.app);
      const ops = Array.from({ length: 40 }, (_, i) =>
        postAlone(ctx.db, { userId, amount: i % 2 === 0 ? 3_00 : -7_00, reason: i % 2 === 0 ? LedgerReason.taskReward : LedgerReason.withdrawal, idempotencyKey: `mix:${userId}:${i}` }),
      );
      await Promise.allSettled(ops);
      const balance = await balanceOf(ctx.db, userId);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(balance).toBe(await entriesSum(ctx.db, userId));
    });
  }
});
