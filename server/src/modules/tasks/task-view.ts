import type { ClosedReason, LanguageKey, Task, TaskRun, TaskStatus, TaskStep } from '@grab/shared/contracts';
import { hoursLeft, periodOf, windowClosed } from './task-periods';
import type { CatalogueStep, CatalogueTask, RunRow } from './tasks.repository';

/** Where one earner stands with one task now, derived from their runs (see `earnerState`). */
export interface EarnerState {
  status: TaskStatus;
  closedReason: ClosedReason | null;
  /** Completions in the current period. */
  done: number;
  /** The run the earner stands on: one to collect, else the current period's unfinished one. */
  run: RunRow | null;
}

export function stepTitle(task: CatalogueTask, step: CatalogueStep, language: LanguageKey): string {
  return task.texts[language]?.steps?.[step.position] || step.title;
}

/** What each proof picture shows, in `language` where translated; as many labels as pictures, or none. */
export function pictureLabels(task: CatalogueTask, language: LanguageKey): string[] {
  const english = task.pictureLabels.slice(0, task.proofPictures);
  if (english.length !== task.proofPictures) return [];
  const translated = task.texts[language]?.pictures;
  return english.map((label, i) => translated?.[i] || label);
}

export function toStep(task: CatalogueTask, step: CatalogueStep, language: LanguageKey): TaskStep {
  return { id: step.id, h5Url: step.h5Url, title: stepTitle(task, step, language), action: step.action };
}

/** The step a run waits on: the proof step again after a failed review, else the step at its position. */
export function currentStep(task: CatalogueTask, run: RunRow): CatalogueStep | null {
  if (run.status === 'failed') return task.steps.findLast((s) => s.action === 'proof') ?? null;
  if (run.status !== 'inProgress') return null;
  return task.steps[run.step] ?? null;
}

/** Statuses in which the earner would act next; a closed window (or a full day) stops exactly these. */
const ACTIONABLE: ReadonlySet<TaskStatus> = new Set(['notStarted', 'inProgress', 'failed']);

/**
 * `runs`: the earner's runs of this task from `loadEarnerRuns` (the current period's and any passed
 * one). A reward waiting to be collected shows first; a completed run leaves the task open again
 * until `timesPerPeriod` completions; the daily cap closes the task only for an earner who would start.
 */
export function earnerState(task: CatalogueTask, runs: RunRow[], now: Date, dailyCapReached: boolean): EarnerState {
  const period = periodOf(task, now);
  const current = runs.filter((r) => r.period === period).sort((a, b) => a.seq - b.seq);
  const done = current.filter((r) => r.status === 'completed').length;
  const latest = current.at(-1) ?? null;
  const uncollected = runs.find((r) => r.status === 'passed') ?? null;

  let status: TaskStatus;
  let run: RunRow | null;
  if (uncollected) [status, run] = ['passed', uncollected];
  else if (!latest) [status, run] = ['notStarted', null];
  else if (latest.status !== 'completed') [status, run] = [latest.status, latest];
  else if (done < task.timesPerPeriod) [status, run] = ['notStarted', null];
  else [status, run] = ['completed', latest];

  const closedReason = windowClosed(task, now) ?? (dailyCapReached && status === 'notStarted' ? 'dailyCap' : null);
  if (closedReason && ACTIONABLE.has(status)) status = 'closed';
  return { status, closedReason, done, run };
}

export function toTask(task: CatalogueTask, language: LanguageKey, level: number, state: EarnerState, now: Date): Task {
  const texts = task.texts[language];
  return {
    id: task.id,
    kind: task.kind,
    schedule: task.schedule,
    title: texts?.title || task.title,
    description: texts?.description || task.description,
    reward: task.reward,
    minLevel: task.minLevel,
    locked: level < task.minLevel,
    resetTime: task.schedule === 'recurring' ? task.resetTime : null,
    endsAt: task.endsAt ? task.endsAt.toISOString() : null,
    hoursLeft: hoursLeft(task, now),
    // A messaging task runs once per verified number, however many the day's cap allows: done is done.
    progress: { done: Math.min(state.done, task.timesPerPeriod), total: task.timesPerPeriod },
    status: state.status,
    closedReason: state.closedReason,
    taskBranchList: task.steps.map((s) => toStep(task, s, language)),
  };
}

export function toRunView(task: CatalogueTask, run: RunRow, share: TaskRun['share']): TaskRun {
  return { id: run.id, status: run.status, currentStepId: currentStep(task, run)?.id ?? null, reason: run.reason, share };
}
