import type { Tx } from '../../db/database';

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

/**
 * Creates a submission for review. Checks the count ("please upload the screenshot" / "please
 * upload two pictures" / too many) and that every upload is the earner's own. Returns its id.
 * (Implemented by the reviews module.)
 */
export async function submitProof(_tx: Tx, _input: ProofInput): Promise<number> {
  throw new Error('not implemented yet');
}
