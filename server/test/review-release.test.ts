import type { ReviewClaim } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewClaims } from '../src/db/schema';
import { CONSOLE_ROLES, type ConsolePeople, makeConsolePeople } from './console-fixtures';
import { call, countRows, engines, type Registered, registerEarner, testConfig, useTestContext } from './helper';
import { auditRun, makeReviewer, submit, uploadPicture } from './reviews-fixtures';

// A reviewer who leaves a submission undecided lets go of its claim, so the next reviewer is handed
// it at once instead of after the claim's 10 minutes; nobody lets go of a claim that is not theirs.

describe.each(engines)('letting go of a review claim (%s)', (engine) => {
  const ctx = useTestContext(engine, testConfig());
  const people = {} as ConsolePeople;
  let other: Registered;

  beforeAll(async () => {
    await makeConsolePeople(ctx.app, ctx.db, people);
    other = await registerEarner(ctx.app);
    await makeReviewer(ctx.db, other.userId);
  });

  const post = <T>(url: string, token: string | undefined, payload: object, language = 'en-US') =>
    call<T>(ctx.app, { method: 'POST', url, token, payload, headers: { 'accept-language': language } });
  const claim = (token: string, payload: object = {}) => post<ReviewClaim | null>('/admin/review/claim', token, payload);
  const release = (token: string | undefined, payload: object, language?: string) => post<{ released: boolean }>('/admin/review/release', token, payload, language);
  const claimRow = async (submissionId: number) => (await ctx.db.select().from(reviewClaims).where(eq(reviewClaims.submissionId, submissionId)))[0];

  async function pendingSubmission(): Promise<number> {
    const earner = await registerEarner(ctx.app);
    const run = await auditRun(ctx.db, earner.userId);
    const picture = await uploadPicture(ctx.app, earner.token);
    return submit(ctx.db, earner.userId, run, { pictures: [picture] });
  }

  /** Decides every submission still waiting, so each test starts with an empty queue. */
  async function emptyQueue(): Promise<void> {
    for (;;) {
      const next = (await claim(people.admin.token)).body.data;
      if (!next) return;
      expect((await post('/admin/review/pass', people.admin.token, { submissionId: next.item.id })).status).toBe(200);
    }
  }

  it('lets go of the caller’s own claim: another reviewer is handed the submission at once, from the queue or by its number', async () => {
    await emptyQueue();
    const submissionId = await pendingSubmission();
    expect((await claim(people.reviewer.token)).body.data?.item.id).toBe(submissionId);
    // Held: the other reviewer gets nothing from the queue and is refused it by number.
    expect((await claim(other.token)).body.data).toBeNull();
    expect((await claim(other.token, { submissionId })).body.code).toBe(409);

    const first = await release(people.reviewer.token, { submissionId });
    expect([first.status, first.body.data]).toEqual([200, { released: true }]);
    expect(await claimRow(submissionId)).toBeUndefined();

    const handed = await claim(other.token);
    expect(handed.body.data?.item.id).toBe(submissionId);
    expect((await claimRow(submissionId))?.reviewerId).toBe(other.userId);
    // The other reviewer decides it: the claim is theirs now, not a leftover of the first.
    expect((await post<{ status: string }>('/admin/review/pass', other.token, { submissionId })).body.data?.status).toBe('passed');
  });

  it('answers a second release, or one after the decision, without error and without change', async () => {
    const submissionId = await pendingSubmission();
    await claim(people.reviewer.token, { submissionId });
    expect((await release(people.reviewer.token, { submissionId })).body.data).toEqual({ released: true });
    const rows = await countRows(ctx.db);
    const again = await release(people.reviewer.token, { submissionId });
    expect([again.status, again.body.code, again.body.data]).toEqual([200, 200, { released: false }]);
    // Never claimed by this reviewer at all: the same answer.
    expect((await release(other.token, { submissionId })).body.data).toEqual({ released: false });
    expect(await countRows(ctx.db)).toEqual(rows);

    await claim(people.reviewer.token, { submissionId });
    await post('/admin/review/fail', people.reviewer.token, { submissionId, reason: 'The screenshot is cut off' });
    expect((await release(people.reviewer.token, { submissionId })).body.data).toEqual({ released: false });
  });

  it("refuses to let go of another reviewer's live claim, in the operator's language, and leaves it theirs", async () => {
    const submissionId = await pendingSubmission();
    await claim(other.token, { submissionId });
    const held = await claimRow(submissionId);
    const rows = await countRows(ctx.db);

    const refused = await release(people.reviewer.token, { submissionId });
    expect([refused.status, refused.body.code, refused.body.data, refused.body.msg]).toEqual([409, 409, null, 'Another reviewer holds this submission, and only they can let it go']);
    const inHindi = await release(people.admin.token, { submissionId }, 'hi-IN');
    expect([inHindi.status, inHindi.body.msg]).toEqual([409, 'यह सबमिशन किसी दूसरे समीक्षक के पास है, और केवल वही इसे छोड़ सकते हैं']);

    expect(await claimRow(submissionId)).toEqual(held);
    expect(await countRows(ctx.db)).toEqual(rows);
    expect((await claim(people.reviewer.token, { submissionId })).body.code).toBe(409);
    expect((await post<{ status: string }>('/admin/review/pass', other.token, { submissionId })).body.data?.status).toBe('passed');
  });

  it("leaves another reviewer's claim that ran out alone: nothing of the caller's to let go", async () => {
    const submissionId = await pendingSubmission();
    await claim(other.token, { submissionId });
    await ctx.db.update(reviewClaims).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(reviewClaims.submissionId, submissionId));
    const ranOut = await claimRow(submissionId);
    expect((await release(people.reviewer.token, { submissionId })).body.data).toEqual({ released: false });
    expect(await claimRow(submissionId)).toEqual(ranOut);
    // Ran out, it is anyone's to claim, as before.
    expect((await claim(people.reviewer.token, { submissionId })).body.data?.item.id).toBe(submissionId);
    await release(people.reviewer.token, { submissionId });
  });

  it('refuses a missing or bad submission number with a clear message and changes no row', async () => {
    const submissionId = await pendingSubmission();
    await claim(people.reviewer.token, { submissionId });
    const held = await claimRow(submissionId);
    const rows = await countRows(ctx.db);
    for (const bad of [{}, { submissionId: null }, { submissionId: 0 }, { submissionId: -1 }, { submissionId: 1.5 }, { submissionId: 'x' }, { submissionId: String(submissionId) }, { submissionId: 2 ** 31 }]) {
      const answer = await release(people.reviewer.token, bad);
      expect([answer.status, answer.body.code, answer.body.msg], JSON.stringify(bad)).toEqual([400, 400, 'Please give a submission number (a whole number from 1)']);
    }
    const inUrdu = await release(people.reviewer.token, { submissionId: 0 }, 'ur-PK');
    expect(inUrdu.body.msg).toBe('براہ کرم جمع کرائی گئی چیز کا نمبر دیں (1 یا اس سے بڑا پورا عدد)');
    const unknown = await release(people.reviewer.token, { submissionId: 2_000_000_000 });
    expect([unknown.status, unknown.body.code, unknown.body.msg]).toEqual([404, 404, 'Not found']);
    expect(await claimRow(submissionId)).toEqual(held);
    expect(await countRows(ctx.db)).toEqual(rows);
    await release(people.reviewer.token, { submissionId });
  });

  it('is refused to anyone without the review role, before the input is read, and changes nothing', async () => {
    const submissionId = await pendingSubmission();
    await claim(people.reviewer.token, { submissionId });
    const held = await claimRow(submissionId);
    const rows = await countRows(ctx.db);
    for (const role of CONSOLE_ROLES.filter((r) => r === 'payout' || r === 'earner' || r === 'none')) {
      const token = role === 'none' ? undefined : people[role].token;
      for (const payload of [{ submissionId }, { junk: true }]) {
        const answer = await release(token, payload);
        expect([answer.status, answer.body.code], role).toEqual(role === 'none' ? [401, 401] : [403, 403]);
        if (role === 'payout') expect(answer.body.msg).toBe('Only operators with the right role can do this');
      }
    }
    expect(await claimRow(submissionId)).toEqual(held);
    expect(await countRows(ctx.db)).toEqual(rows);
    // An admin reviews too, and lets go of an admin's own claim like a reviewer.
    await release(people.reviewer.token, { submissionId });
    await claim(people.admin.token, { submissionId });
    expect((await release(people.admin.token, { submissionId })).body.data).toEqual({ released: true });
  });

  it('hands the skipped submissions last, the longest skipped first, so a Skip moves on', async () => {
    await emptyQueue();
    const [a, b, c] = [await pendingSubmission(), await pendingSubmission(), await pendingSubmission()];
    const reviewer = people.reviewer.token;
    expect((await claim(reviewer)).body.data?.item.id).toBe(a);
    await release(reviewer, { submissionId: a });
    expect((await claim(reviewer, { skipped: [a] })).body.data?.item.id).toBe(b);
    await release(reviewer, { submissionId: b });
    expect((await claim(reviewer, { skipped: [a, b] })).body.data?.item.id).toBe(c);
    await release(reviewer, { submissionId: c });
    // All skipped: round again from the one skipped the longest ago.
    expect((await claim(reviewer, { skipped: [a, b, c] })).body.data?.item.id).toBe(a);
    await release(reviewer, { submissionId: a });
    expect((await claim(reviewer, { skipped: [b, c, a] })).body.data?.item.id).toBe(b);
    // Skipped by this reviewer only: another reviewer's queue is the plain one.
    expect((await claim(other.token)).body.data?.item.id).toBe(a);
    expect((await claim(reviewer, { skipped: Array.from({ length: 51 }, (_, i) => i + 1) })).status).toBe(400);
    await release(reviewer, { submissionId: b });
    await release(other.token, { submissionId: a });
    await emptyQueue();
  });
});
