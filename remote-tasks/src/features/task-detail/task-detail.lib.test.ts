import { describe, expect, it } from 'vitest';
import { detail, run } from '../../../test/task-fixtures';
import { detailScreen, stepState } from './task-detail.lib';

describe('detailScreen', () => {
  it('offers a start before the task is started', () => {
    expect(detailScreen(detail())).toEqual({ kind: 'start' });
  });

  it('leads a messaging-number task to its own page instead of starting a run', () => {
    const step = { id: 31, h5Url: '/wsTask', title: 'Send the code', action: 'messaging' as const };
    expect(detailScreen(detail({ kind: 'messaging', taskBranchList: [step] }))).toEqual({ kind: 'stepPage', step, again: false });
  });

  it("still leads to the numbers page once the day's goal is done: it lists them and takes more", () => {
    const step = { id: 31, h5Url: '/wsTask', title: 'Send the code', action: 'messaging' as const };
    const done = detail({ kind: 'messaging', status: 'completed', taskBranchList: [step], progress: { done: 1, total: 1 } });
    expect(detailScreen(done)).toEqual({ kind: 'stepPage', step, again: true });
    // A closed window or a locked level still says so first.
    expect(detailScreen({ ...done, status: 'closed', closedReason: 'ended' })).toMatchObject({ kind: 'closed' });
  });

  it('offers the open step on this page once started', () => {
    const screen = detailScreen(detail({ status: 'inProgress', run: run() }));
    expect(screen).toMatchObject({ kind: 'open', targetUrl: 'https://shop.example/review', step: { id: 11 } });
  });

  it('continues a run whose current step lives on another page', () => {
    expect(detailScreen(detail({ status: 'inProgress', run: run({ currentStepId: 12 }) }))).toEqual({ kind: 'continue' });
  });

  it('shows the level tip, naming both levels, instead of a start', () => {
    expect(detailScreen(detail({ locked: true, minLevel: 4, earnerLevel: 2 }))).toEqual({ kind: 'locked', required: 4, current: 2 });
  });

  it('offers Collect for a passed run even when the task has closed since', () => {
    expect(detailScreen(detail({ status: 'closed', closedReason: 'ended', run: run({ status: 'passed', currentStepId: null }) }))).toEqual({
      kind: 'collect',
    });
  });

  it('says why a task is closed', () => {
    expect(detailScreen(detail({ status: 'closed', closedReason: 'dailyCap' }))).toEqual({ kind: 'closed', reason: 'dailyCap' });
  });

  it('maps review states with the proof step to go back to', () => {
    const review = detailScreen(detail({ status: 'underReview', run: run({ status: 'underReview', currentStepId: 12 }) }));
    expect(review).toMatchObject({ kind: 'underReview', proofStep: { id: 12 } });
    const failed = detailScreen(detail({ status: 'failed', run: run({ status: 'failed', currentStepId: 12, reason: 'Blurry' }) }));
    expect(failed).toMatchObject({ kind: 'failed', reason: 'Blurry', proofStep: { id: 12 } });
  });

  it('shows completed, and the code form for redemption tasks', () => {
    expect(detailScreen(detail({ status: 'completed', run: run({ status: 'completed', currentStepId: null }) }))).toEqual({ kind: 'completed' });
    expect(detailScreen(detail({ kind: 'redeemCode', taskBranchList: [] }))).toEqual({ kind: 'redeem' });
  });
});

describe('stepState', () => {
  it('marks steps before the current one done and the current one current', () => {
    const d = detail({ run: run({ currentStepId: 12 }) });
    expect(d.taskBranchList.map((s) => stepState(d, s))).toEqual(['done', 'current']);
  });

  it('marks every step to do before a start, and done once the run has no step left', () => {
    const fresh = detail();
    expect(fresh.taskBranchList.map((s) => stepState(fresh, s))).toEqual(['todo', 'todo']);
    const over = detail({ run: run({ status: 'underReview', currentStepId: null }) });
    expect(over.taskBranchList.map((s) => stepState(over, s))).toEqual(['done', 'done']);
  });
});
