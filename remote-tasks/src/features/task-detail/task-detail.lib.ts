import { type ClosedReason, PATHS, type TaskDetail, type TaskStep } from '@grab/shared';

/** The one thing the detail page offers, decided by where the earner stands with the task. */
export type DetailScreen =
  | { kind: 'collect' }
  | { kind: 'locked'; required: number; current: number }
  | { kind: 'closed'; reason: ClosedReason | null }
  | { kind: 'redeem' }
  | { kind: 'underReview'; proofStep: TaskStep | null }
  | { kind: 'failed'; reason: string | null; proofStep: TaskStep | null }
  | { kind: 'completed' }
  /** A registration or app-download step done on this page: open the target, then confirm. */
  | { kind: 'open'; step: TaskStep; targetUrl: string }
  /**
   * A step done on a page of its own (a messaging number): the button opens that page, also once
   * the day's goal is done (`again`), since the page lists the numbers and takes more.
   */
  | { kind: 'stepPage'; step: TaskStep; again: boolean }
  | { kind: 'start' }
  | { kind: 'continue' };

/** Step actions whose page keeps its own state on the server: the detail page only leads there. */
const STEP_PAGE_ACTIONS: ReadonlySet<string> = new Set(['messaging']);

/** The step the earner is on: the run's current one, or the first before the task is started. */
export function currentStep(detail: TaskDetail): TaskStep | null {
  const steps = detail.taskBranchList;
  if (!detail.run) return steps[0] ?? null;
  if (detail.run.currentStepId === null) return null;
  return steps.find((step) => step.id === detail.run?.currentStepId) ?? null;
}

function isThisPage(h5Url: string): boolean {
  try {
    return new URL(h5Url, 'https://grab.invalid').pathname === PATHS.taskDetail;
  } catch {
    return false;
  }
}

/**
 * Order matters: a reward ready to collect is offered even if the task closed meanwhile (nothing is
 * lost), and a task above the earner's level never offers a start.
 */
export function detailScreen(detail: TaskDetail): DetailScreen {
  const status = detail.run?.status ?? detail.status;
  const proofStep = detail.taskBranchList.find((step) => step.action === 'proof') ?? null;
  if (status === 'passed' || detail.status === 'passed') return { kind: 'collect' };
  if (detail.locked) return { kind: 'locked', required: detail.minLevel, current: detail.earnerLevel };
  if (detail.status === 'closed') return { kind: 'closed', reason: detail.closedReason };
  const ownPage = detail.taskBranchList.find((s) => STEP_PAGE_ACTIONS.has(s.action));
  if (detail.status === 'completed' || status === 'completed') return ownPage ? { kind: 'stepPage', step: ownPage, again: true } : { kind: 'completed' };
  if (detail.kind === 'redeemCode') return { kind: 'redeem' };
  if (status === 'underReview') return { kind: 'underReview', proofStep };
  if (status === 'failed') return { kind: 'failed', reason: detail.run?.reason ?? null, proofStep };
  const step = currentStep(detail);
  if (step && STEP_PAGE_ACTIONS.has(step.action)) return { kind: 'stepPage', step, again: false };
  if (detail.run && step && step.action === 'open' && isThisPage(step.h5Url) && detail.targetUrl) {
    return { kind: 'open', step, targetUrl: detail.targetUrl };
  }
  return detail.run && status === 'inProgress' ? { kind: 'continue' } : { kind: 'start' };
}

/** Where each step stands, for the steps list. */
export function stepState(detail: TaskDetail, step: TaskStep): 'done' | 'current' | 'todo' {
  const run = detail.run;
  if (!run) return 'todo';
  const steps = detail.taskBranchList;
  if (run.currentStepId === null) return 'done';
  const current = steps.findIndex((s) => s.id === run.currentStepId);
  const index = steps.indexOf(step);
  if (index < current) return 'done';
  return index === current ? 'current' : 'todo';
}
