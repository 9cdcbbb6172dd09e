import { ErrorCode } from '@grab/shared/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { submissions, uploads } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';

export interface ProofInput {
  userId: number;
  runId: number;
  taskId: number;
  /** Upload ids the earner sent. */
  pictures: string[];
  /** How many the task needs (1 or 2). */
  required: number;
  /** The engine's "now" (per-earner test clock aware). */
  now: Date;
  /** Config `reviewDeadlineMinutes`: undecided by now + this, it passes automatically. */
  deadlineMinutes: number;
}

const proofRefused = (key: string, params: Record<string, string | number> = {}) => new AppError(ErrorCode.proofRequired, key, params);

function checkCount(pictures: string[], required: number): void {
  if (pictures.length === 0) throw proofRefused(required === 2 ? 'tasks.uploadTwoPictures' : 'tasks.uploadScreenshot');
  if (pictures.length < required) throw proofRefused('tasks.uploadTwoPictures');
  if (pictures.length > required) throw proofRefused('tasks.tooManyPictures', { max: required });
  // One screenshot sent twice is not two pictures of proof.
  if (new Set(pictures).size !== pictures.length) throw proofRefused('uploads.duplicatePicture');
}

/**
 * Creates a submission for review. Checks the count ("please upload the screenshot" / "please
 * upload two pictures" / too many) and that every upload is the earner's own. Returns its id.
 */
export async function submitProof(tx: Tx, input: ProofInput): Promise<number> {
  checkCount(input.pictures, input.required);
  const owned = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, input.pictures), eq(uploads.userId, input.userId)));
  // Someone else's id answers exactly like an unknown one: ids of other earners are never confirmed.
  if (owned.length !== input.pictures.length) throw errors.notFound();
  const [row] = await tx
    .insert(submissions)
    .values({
      runId: input.runId,
      userId: input.userId,
      taskId: input.taskId,
      pictures: input.pictures,
      status: 'underReview',
      createdAt: input.now,
      deadlineAt: new Date(input.now.getTime() + input.deadlineMinutes * 60_000),
    })
    .returning({ id: submissions.id });
  if (!row) throw new Error('Submission insert returned no row');
  // Each picture is claimed for this submission only if no submission has it yet. A concurrent
  // claim of the same picture waits on the row lock and then finds it taken: one of them wins.
  const claimed = await tx
    .update(uploads)
    .set({ submissionId: row.id })
    .where(and(inArray(uploads.id, input.pictures), eq(uploads.userId, input.userId), isNull(uploads.submissionId)))
    .returning({ id: uploads.id });
  if (claimed.length !== input.pictures.length) throw errors.uploadAlreadyUsed();
  return row.id;
}
