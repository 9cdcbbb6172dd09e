import { ErrorCode } from '@grab/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { reviewClaims, submissions } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';

/** How long a claimed submission stays with its reviewer without a decision. */
export const CLAIM_MINUTES = 10;

export const claimedByOther = () => new AppError(ErrorCode.conflict, 'admin.claimedByOther');
const claimNotYours = () => new AppError(ErrorCode.conflict, 'admin.claimNotYours');

/**
 * Takes (or renews) the claim on one submission for the reviewer, unless another reviewer holds a
 * live one. One statement: two reviewers at once queue on the claim's primary key and the second
 * finds the first's claim live, so it gets nothing.
 */
async function takeClaim(tx: Tx, submissionId: number, reviewerId: number, now: Date): Promise<Date | null> {
  const until = new Date(now.getTime() + CLAIM_MINUTES * 60_000);
  const [row] = await tx
    .insert(reviewClaims)
    .values({ submissionId, reviewerId, expiresAt: until })
    .onConflictDoUpdate({
      target: reviewClaims.submissionId,
      set: { reviewerId, expiresAt: until },
      setWhere: sql`${reviewClaims.expiresAt} <= ${now.toISOString()}::timestamptz or ${reviewClaims.reviewerId} = ${reviewerId}`,
    })
    .returning({ expiresAt: reviewClaims.expiresAt });
  return row?.expiresAt ?? null;
}

/**
 * Claims the given submission, or the oldest one under review that nobody else holds and that is
 * not the reviewer's own (a claim the reviewer already has comes first, the ones the reviewer
 * `skipped` last, the longest skipped first). `skip locked` hands two reviewers asking at once two
 * different submissions. Returns the submission and the claim's end.
 */
export async function claimSubmission(
  tx: Tx,
  reviewerId: number,
  now: Date,
  submissionId?: number,
  skipped: readonly number[] = [],
): Promise<{ submissionId: number; until: Date } | null> {
  if (submissionId !== undefined) {
    const state = (await tx.execute(sql`select status, user_id from submissions where id = ${submissionId} for update`)) as unknown as {
      rows: { status: string; user_id: number }[];
    };
    const row = state.rows[0];
    if (!row) return null;
    if (row.status !== 'underReview') throw new AppError(ErrorCode.conflict, 'reviews.alreadyDecided');
    if (Number(row.user_id) === reviewerId) throw new AppError(ErrorCode.forbidden, 'reviews.ownSubmission');
    const until = await takeClaim(tx, submissionId, reviewerId, now);
    if (!until) throw claimedByOther();
    return { submissionId, until };
  }
  // A bound array literal, read the same way by PGlite and PostgreSQL.
  const skippedArray = `{${skipped.join(',')}}`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const found = (await tx.execute(sql`
      select s.id from submissions s
      left join review_claims c on c.submission_id = s.id
      where s.status = 'underReview' and s.user_id <> ${reviewerId}
        and (c.submission_id is null or c.expires_at <= ${now.toISOString()}::timestamptz or c.reviewer_id = ${reviewerId})
      order by (c.reviewer_id = ${reviewerId}) is true desc,
        array_position(${skippedArray}::int[], s.id) nulls first,
        s.created_at, s.id
      limit 1
      for update of s skip locked`)) as unknown as { rows: { id: number }[] };
    const id = found.rows[0]?.id;
    if (id === undefined) return null;
    const until = await takeClaim(tx, Number(id), reviewerId, now);
    if (until) return { submissionId: Number(id), until };
  }
  return null;
}

/** Refuses a decision on a submission another reviewer holds a live claim on. */
export async function assertNotClaimedByOther(db: Executor, submissionId: number, reviewerId: number, now: Date): Promise<void> {
  const [claim] = await db.select().from(reviewClaims).where(eq(reviewClaims.submissionId, submissionId));
  if (claim && claim.reviewerId !== reviewerId && claim.expiresAt > now) throw claimedByOther();
}

/**
 * Lets go of the reviewer's own claim on one submission, live or run out, and tells whether there
 * was one. Only a row of this reviewer is deleted: another reviewer's live claim is refused and
 * stays theirs, and with no claim at all (released before, decided, never claimed, or someone
 * else's that ran out) nothing changes, so a second release is no error.
 */
export async function releaseOwnClaim(db: Executor, submissionId: number, reviewerId: number, now: Date): Promise<boolean> {
  const [submission] = await db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, submissionId));
  if (!submission) throw errors.notFound();
  const released = await db
    .delete(reviewClaims)
    .where(and(eq(reviewClaims.submissionId, submissionId), eq(reviewClaims.reviewerId, reviewerId)))
    .returning({ submissionId: reviewClaims.submissionId });
  if (released.length > 0) return true;
  const [claim] = await db.select().from(reviewClaims).where(eq(reviewClaims.submissionId, submissionId));
  if (claim && claim.expiresAt > now) throw claimNotYours();
  return false;
}

/** A decided submission needs no claim any more. */
export async function releaseClaim(tx: Executor, submissionId: number): Promise<void> {
  await tx.delete(reviewClaims).where(and(eq(reviewClaims.submissionId, submissionId)));
}
