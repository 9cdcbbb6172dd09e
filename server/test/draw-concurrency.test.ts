import type { SpinAnswer } from '@grab/shared/contracts';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drawSpins, ledgerTransfers } from '../src/db/schema';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { call, registerEarner, useTestContext } from './helper';
import { BOOKS_HOLD } from './books';

// PGlite runs one transaction at a time: races are real only on PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)('lucky draw under concurrent taps (postgres)', () => {
  const ctx = useTestContext('postgres');
  const spin = (token: string, idempotencyKey: string) => call<SpinAnswer>(ctx.app, { method: 'POST', url: '/app/draw/spin', token, payload: { idempotencyKey } });

  it('30 parallel spins with one spin left pay exactly one prize', async () => {
    const earner = await registerEarner(ctx.app);
    const before = await balanceOf(ctx.db, earner.userId);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => spin(earner.token, `parallel-${earner.userId}-${i}-abcdefgh`)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 1501)).toHaveLength(29);
    const prize = won[0]!.body.data!;
    expect(await balanceOf(ctx.db, earner.userId)).toBe(before + prize.amount);
    const used = await ctx.db.select().from(drawSpins).where(eq(drawSpins.userId, earner.userId));
    expect(used).toHaveLength(1);
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  it('30 parallel taps with one key (a double tap, retries) are one spin, credited once', async () => {
    const earner = await registerEarner(ctx.app);
    const before = await balanceOf(ctx.db, earner.userId);
    const key = `same-${earner.userId}-abcdefghijkl`;
    const answers = await Promise.all(Array.from({ length: 30 }, () => spin(earner.token, key)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const ids = new Set(answers.map((a) => a.body.data!.spinId));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !a.body.data!.repeated)).toHaveLength(1);
    const prize = answers[0]!.body.data!;
    expect(await balanceOf(ctx.db, earner.userId)).toBe(before + prize.amount);
    const transfers = await ctx.db.select().from(ledgerTransfers).where(like(ledgerTransfers.idempotencyKey, `spin:${prize.spinId}`));
    expect(transfers).toHaveLength(1);
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });
});
