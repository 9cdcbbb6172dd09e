import type { Credit, LeadingTaskResult, TaskRun } from '@grab/shared/contracts';
import type { Language } from '@grab/shared/i18n/languages';
import type { Clock } from '../../clock';
import type { Db, Executor, Tx } from '../../db/database';
import { writesAffecting } from '../../db/write-clock';
import { errors } from '../../http/app-error';
import { balanceOf } from '../ledger/ledger.service';
import { submitProof } from './proof-submissions.service';
import { countVisits, ensureShareLink, shareOf, shareUrl } from './share-links.service';
import { periodOf, utcDay, windowClosed } from './task-periods';
import { numberSetting } from '../config/operator-settings.repository';
import type { UplinesCache } from '../team/uplines.cache';
import { payRun } from './task-rewards.service';
import { currentStep, toRunView, toStep } from './task-view';
import { taskErrors } from './tasks.errors';
import {
  type CatalogueStep,
  type CatalogueTask,
  findTask,
  type RunRow,
  reserveDailyPlace,
} from './tasks.repository';
import { findUncollectedRun, insertRun, lockPeriodRuns, updateRun } from './task-runs.repository';

export interface EngineContext {
  db: Db;
  clock: Clock;
  reviewDeadlineMinutes: number;
  /** Whom a collect's credit may reach besides the earner, for the read caches (see `collect`). */
  uplines: UplinesCache;
}

export interface LeadInput {
  userId: number;
  taskId: number;
  stepId?: number;
  pictures?: string[];
  language: Language;
  /** Where share links point (the public origin, else the request's). */
  origin: string;
}

/** Kinds whose steps need machinery of later issues (online time, messaging numbers). */
const UNSUPPORTED_ACTIONS = new Set(['hang', 'messaging']);

/** Earner-facing gates shared by every call that acts on a task, in the order the earner should hear them. */
export function assertOpenTo(task: CatalogueTask, level: number, now: Date): void {
  if (level < task.minLevel) throw taskErrors.levelInsufficient(level, task.minLevel);
  const closed = windowClosed(task, now);
  if (closed) throw taskErrors.closed(closed);
}

export async function runView(db: Executor, task: CatalogueTask, run: RunRow, inviteCode: string, origin: string): Promise<TaskRun> {
  const share = task.steps.some((s) => s.action === 'share') ? await shareOf(db, run.id, task.visitsNeeded, (id) => shareUrl(origin, inviteCode, id)) : null;
  return toRunView(task, run, share);
}

/**
 * A new attempt, number `seq` of the period. Two starts at once (a double tap) meet on the unique
 * key: the second finds the first's run instead of making another. A capped task takes one of
 * today's places here, in the same transaction, so a refused start leaves nothing behind.
 */
async function startRun(tx: Tx, task: CatalogueTask, userId: number, period: string, seq: number, now: Date): Promise<RunRow> {
  const run = await insertRun(tx, { userId, taskId: task.id, period, seq });
  if (!run) {
    const existing = (await lockPeriodRuns(tx, userId, task.id, period)).at(-1);
    if (!existing) throw new Error('a concurrent run start left no run');
    return existing;
  }
  if (task.dailyCap !== null && !(await reserveDailyPlace(tx, task.id, utcDay(now), task.dailyCap))) throw taskErrors.closed('dailyCap');
  return run;
}

function advance(tx: Tx, task: CatalogueTask, run: RunRow, step: CatalogueStep): Promise<RunRow> {
  const next = step.position + 1;
  // Every remaining step done without proof to review: the reward is ready to collect.
  return updateRun(tx, run.id, { step: next, status: next >= task.steps.length ? 'passed' : 'inProgress' });
}

async function completeStep(tx: Tx, ctx: EngineContext, task: CatalogueTask, run: RunRow, step: CatalogueStep, input: LeadInput, now: Date): Promise<RunRow> {
  const current = currentStep(task, run);
  // A step already behind the run: a retry of a call that succeeded; answer the state as it is.
  if (!current || step.position < current.position) return run;
  if (step.position > current.position) throw taskErrors.stepOrder();
  switch (step.action) {
    case 'open':
      return advance(tx, task, run, step);
    case 'share': {
      const visits = await countVisits(tx, run.id);
      if (visits < task.visitsNeeded) throw taskErrors.moreVisitsNeeded(task.visitsNeeded - visits, input.language);
      return advance(tx, task, run, step);
    }
    case 'proof': {
      // The submission checks the count itself, with the message that names what is missing.
      await submitProof(tx, {
        userId: input.userId,
        runId: run.id,
        taskId: task.id,
        pictures: input.pictures ?? [],
        required: task.proofPictures,
        now,
        // The operator's deadline where set (read in this transaction), else the environment's.
        deadlineMinutes: await numberSetting(tx, 'reviewDeadlineMinutes', ctx.reviewDeadlineMinutes),
      });
      return updateRun(tx, run.id, { step: task.steps.length, status: 'underReview', reason: null });
    }
    default:
      throw taskErrors.notSupported();
  }
}

/**
 * `POST /app/task/leading-task`: start or resume the task, and complete `stepId` when given. One
 * transaction, whose rows are the earner's own (runs, a share link, a proof, a daily place, which
 * Home reads through its own time-bound cache), so it drops no other earner's cached reads.
 */
export function leadTask(ctx: EngineContext, input: LeadInput): Promise<LeadingTaskResult> {
  const now = ctx.clock.now(input.userId);
  return writesAffecting([input.userId], () => ctx.db.transaction(async (tx) => {
    const found = await findTask(tx, input.taskId, input.userId);
    if (!found?.task.active) throw errors.notFound();
    const { task, earner } = found;
    if (!earner) throw errors.unauthorized();
    assertOpenTo(task, earner.level, now);
    // A task without steps (a redemption code) is done through its own call, not here.
    if (task.steps.length === 0 || task.steps.some((s) => UNSUPPORTED_ACTIONS.has(s.action))) throw taskErrors.notSupported();
    const step = input.stepId === undefined ? null : task.steps.find((s) => s.id === input.stepId);
    if (step === undefined) throw errors.notFound();

    const period = periodOf(task, now);
    const runs = await lockPeriodRuns(tx, input.userId, task.id, period);
    const latest = runs.at(-1);
    let run: RunRow;
    if (latest && latest.status !== 'completed') run = latest;
    else {
      const done = runs.filter((r) => r.status === 'completed').length;
      if (done >= task.timesPerPeriod) throw taskErrors.alreadyCompleted();
      run = await startRun(tx, task, input.userId, period, (latest?.seq ?? 0) + 1, now);
    }
    if (step) run = await completeStep(tx, ctx, task, run, step, input, now);

    const next = currentStep(task, run);
    if (next?.action === 'share') await ensureShareLink(tx, input.userId, run.id);
    return {
      next: next ? toStep(task, next, input.language.key) : null,
      run: await runView(tx, task, run, earner.inviteCode, input.origin),
    };
  }));
}

/**
 * `GET /app/task/collect`: pays the earner's run that waits to be collected. Two calls at once both
 * reach `payRun`, which locks the run: the second finds it completed and answers the same credit.
 * With nothing waiting, the period's last completed run answers its credit again (a retried call).
 * The payment moves the earner's rows and, through rebates and levels, their uplines' (never
 * anyone else's), so only those earners' cached reads are dropped.
 */
export async function collect(ctx: EngineContext, userId: number, taskId: number): Promise<Credit> {
  const now = ctx.clock.now(userId);
  const uplines = await ctx.uplines.get(ctx.db, userId);
  return writesAffecting([userId, ...uplines], () => ctx.db.transaction(async (tx) => {
    // The waiting run is looked for first: a run names an existing task, so only a call with
    // nothing waiting needs the task (for its period), one statement fewer on the usual path.
    const waiting = await findUncollectedRun(tx, userId, taskId);
    let reward: number;
    if (waiting) reward = (await payRun(tx, waiting.id)).reward;
    else {
      const found = await findTask(tx, taskId, userId);
      if (!found) throw errors.notFound();
      const paid = (await lockPeriodRuns(tx, userId, taskId, periodOf(found.task, now))).findLast((r) => r.status === 'completed');
      if (!paid) throw taskErrors.nothingToCollect();
      reward = paid.rewardPaid ?? 0;
    }
    return { reward, balance: await balanceOf(tx, userId) };
  }));
}
