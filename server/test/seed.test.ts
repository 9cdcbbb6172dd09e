import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { redeemCodes, taskRuns, taskSteps, tasks, users } from '../src/db/schema';
import { login } from '../src/modules/auth/auth.service';
import { DEMO_REVIEWER, seed } from '../src/seed/seed';
import { FIRST_SEED_TITLES } from '../src/seed/seed-tasks';
import { countRows, engines, registerEarner, useTestContext } from './helper';

const TRANSLATED = ['hi-IN', 'hi-IND', 'br-BR', 'ur-PK', 'bn-BD', 'ph-PH', 'ng-HA'];

/** What each kind's steps must do, in order (the task engine moves through them by action). */
const STEP_ACTIONS: Record<string, string[]> = {
  joinGroup: ['open', 'proof'],
  share: ['share'],
  // An audit task opens the page to follow or review first; one that asks to post the earner's own
  // link has nothing to open: its proof page shows the link (`showsInviteLink`).
  audit: ['open', 'proof'],
  registration: ['open', 'proof'],
  appDownload: ['open', 'proof'],
  redeemCode: [],
  hang: ['hang'],
  messaging: ['messaging'],
};
/** The page of each action; a join-group task opens the group page, the others the task detail with its Open button. */
const PAGES: Record<string, string> = { proof: '/auditTask', share: '/shareTask', hang: '/hangTask', messaging: '/wsTask' };
const KIND_COUNTS = { joinGroup: 2, share: 2, audit: 3, registration: 2, appDownload: 2, redeemCode: 1, hang: 1, messaging: 1 };

async function catalogue(db: Db) {
  const rows = await db.select().from(tasks).where(eq(tasks.active, true)).orderBy(asc(tasks.position));
  const steps = await db.select().from(taskSteps).orderBy(asc(taskSteps.taskId), asc(taskSteps.position));
  return rows.map((task) => ({ ...task, steps: steps.filter((s) => s.taskId === task.id) }));
}

async function allCounts(db: Db): Promise<Record<string, number>> {
  const [codes] = await db.select({ n: sql<number>`count(*)::int` }).from(redeemCodes);
  return { ...(await countRows(db)), redeem_codes: Number(codes?.n ?? 0) };
}

describe.each(engines)('demo seed on %s', (engine) => {
  const ctx = useTestContext(engine);
  it('offers every kind of the earning loop, each with the steps its pages expect', async () => {
    const list = await catalogue(ctx.db);
    const byKind: Record<string, typeof list> = {};
    for (const task of list) byKind[task.kind] = [...(byKind[task.kind] ?? []), task];
    expect(Object.fromEntries(Object.entries(byKind).map(([kind, ts]) => [kind, ts.length]))).toEqual(KIND_COUNTS);
    for (const task of list) {
      const actions = task.showsInviteLink ? ['proof'] : STEP_ACTIONS[task.kind];
      expect(task.steps.map((s) => s.action), task.title).toEqual(actions);
      for (const step of task.steps) {
        const page = step.action === 'open' ? (task.kind === 'joinGroup' ? '/joinTgTask' : '/taskDetail') : PAGES[step.action];
        expect(step.h5Url, task.title).toBe(page);
      }
      // Every step that opens something has its page: nothing asks the earner to go and find it.
      if (task.steps.some((s) => s.action === 'open')) expect(task.targetUrl, task.title).toMatch(/^https:\/\//);
    }
    const audits = byKind.audit ?? [];
    expect(new Set(audits.map((t) => t.proofPictures))).toEqual(new Set([1, 2]));
    expect(list.filter((t) => t.showsInviteLink).map((t) => t.title)).toEqual(['Post Grab on your status']);
    expect((byKind.share ?? []).map((t) => t.visitsNeeded).sort()).toEqual([1, 3]);
    for (const task of byKind.registration ?? []) expect(task.reward).toBe(100_00);
    // Partner pages are example domains only.
    for (const task of list) if (task.targetUrl && !task.targetUrl.startsWith('https://t.me/')) expect(new URL(task.targetUrl).hostname).toMatch(/^example\.(com|org)$/);
  });

  it('mixes schedules, gates one task by level, caps one per day, and lists what a new earner can do first', async () => {
    const list = await catalogue(ctx.db);
    expect(new Set(list.map((t) => t.schedule))).toEqual(new Set(['once', 'recurring', 'timed']));
    expect(new Set(list.filter((t) => t.schedule === 'recurring').map((t) => t.resetTime))).toEqual(new Set(['00:00', '04:00']));
    for (const task of list.filter((t) => t.schedule === 'timed')) expect(task.endsAt?.getTime()).toBeGreaterThan(Date.now());
    expect(list.some((t) => t.minLevel >= 3)).toBe(true);
    expect(list.some((t) => t.dailyCap === 500)).toBe(true);
    const firstGated = list.findIndex((t) => t.minLevel > 1);
    expect(list.slice(firstGated).every((t) => t.minLevel > 1)).toBe(true);
    expect(new Set(list.map((t) => t.position)).size).toBe(list.length);
  });

  it('translates every task into the seven other languages, a step title per step', async () => {
    for (const task of await catalogue(ctx.db)) {
      expect(Object.keys(task.texts).sort(), task.title).toEqual([...TRANSLATED].sort());
      for (const language of TRANSLATED) {
        const text = task.texts[language];
        expect(text?.title, `${task.title} ${language}`).toBeTruthy();
        expect(text?.title, `${task.title} ${language}`).not.toBe(task.title);
        expect(text?.description, `${task.title} ${language}`).toBeTruthy();
        expect(text?.steps?.length, `${task.title} ${language}`).toBe(task.steps.length);
        for (const step of text?.steps ?? []) expect(step.trim()).not.toBe('');
        // A two-picture task names each picture, in every language.
        if (task.proofPictures === 2) expect(text?.pictures?.length, `${task.title} ${language}`).toBe(2);
      }
      if (task.proofPictures === 2) expect(task.pictureLabels, task.title).toHaveLength(2);
    }
  });

  it('adds the redemption codes: two open, one already expired', async () => {
    const codes = await ctx.db.select().from(redeemCodes).orderBy(asc(redeemCodes.code));
    expect(codes.map((c) => [c.code, c.reward, c.maxUses, c.used])).toEqual([
      ['EXPIRED2025', 10_00, 1_000, 0],
      ['GRAB5', 20_00, 5, 0],
      ['WELCOME2026', 10_00, 100_000, 0],
    ]);
    const expiry = Object.fromEntries(codes.map((c) => [c.code, c.expiresAt.getTime()]));
    expect(expiry.EXPIRED2025).toBeLessThan(Date.now());
    expect(expiry.GRAB5).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect(expiry.WELCOME2026).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });

  it('makes a reviewer who can log in with the demo password', async () => {
    const [reviewer] = await ctx.db.select().from(users).where(eq(users.phone, DEMO_REVIEWER.e164));
    expect(reviewer?.role).toBe('reviewer');
    expect(reviewer?.country).toBe('IN');
    const session = await login({ db: ctx.db, tokenTtlDays: 1 }, { country: 'IN', phone: DEMO_REVIEWER.phone, password: DEMO_REVIEWER.defaultPassword }, '127.0.0.1');
    expect(session.userInfo.id).toBe(reviewer?.id);
    const [earner] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.phone, '+919876543210'));
    expect(earner?.role).toBe('earner');
  });

  it('changes nothing when it runs again', async () => {
    const before = await allCounts(ctx.db);
    const titles = (await catalogue(ctx.db)).map((t) => t.title);
    const again = await seed(ctx.db, { demo: true, env: {} });
    expect(again.createdDemo).toBe(false);
    expect(again.createdReviewer).toBe(false);
    expect(await allCounts(ctx.db)).toEqual(before);
    expect((await catalogue(ctx.db)).map((t) => t.title)).toEqual(titles);
  });

  it('refuses a reviewer password that could not log in', async () => {
    await expect(seed(ctx.db, { demo: true, env: { SEED_REVIEWER_PASSWORD: 'short' } })).rejects.toThrow(/SEED_REVIEWER_PASSWORD/);
  });

  // The last tests rebuild the catalogue by hand, as a database seeded by the first version holds it.
  async function replaceWithFirstCatalogue(): Promise<void> {
    await ctx.db.delete(taskSteps);
    await ctx.db.delete(tasks);
    await ctx.db.insert(tasks).values(FIRST_SEED_TITLES.map((title, position) => ({ kind: 'share' as const, schedule: 'once' as const, title, description: title, reward: 1_00, position })));
  }

  it('replaces an untouched first-version catalogue: the old tasks are switched off, the new one added once', async () => {
    await replaceWithFirstCatalogue();
    await seed(ctx.db, { demo: true, env: {} });
    const all = await ctx.db.select().from(tasks);
    expect(all.filter((t) => !t.active).map((t) => t.title).sort()).toEqual([...FIRST_SEED_TITLES].sort());
    const active = await catalogue(ctx.db);
    expect(active.length).toBe(Object.values(KIND_COUNTS).reduce((a, b) => a + b, 0));
    const counts = await allCounts(ctx.db);
    await seed(ctx.db, { demo: true, env: {} });
    expect(await allCounts(ctx.db)).toEqual(counts);
  });

  it('leaves a first-version catalogue alone once an earner has started one of its tasks', async () => {
    await replaceWithFirstCatalogue();
    const [first] = await ctx.db.select({ id: tasks.id }).from(tasks).limit(1);
    const earner = await registerEarner(ctx.app);
    await ctx.db.insert(taskRuns).values({ userId: earner.userId, taskId: first!.id, period: 'once', seq: 1 });
    const before = await allCounts(ctx.db);
    await seed(ctx.db, { demo: true, env: {} });
    expect(await allCounts(ctx.db)).toEqual(before);
    expect((await ctx.db.select().from(tasks)).every((t) => t.active)).toBe(true);
  });
});
