import { describe, expect, it } from 'vitest';
import { periodOf } from './task-periods';
import { earnerState, toTask } from './task-view';
import type { CatalogueTask, RunRow } from './tasks.repository';

const NOW = new Date('2026-12-02T10:00:00Z');
const messaging = {
  id: 7, kind: 'messaging', active: true, title: 'Verify your messaging number', description: '', reward: 20_00, minLevel: 1,
  timesPerPeriod: 1, texts: {}, targetUrl: null, showsInviteLink: false, proofPictures: 0, pictureLabels: [], visitsNeeded: 0, dailyCap: null, steps: [],
  schedule: 'recurring', resetTime: '00:00', startsAt: null, endsAt: null,
} as unknown as CatalogueTask;

describe('toTask', () => {
  it('counts no more done than the period asks, when more runs were paid (numbers past the first)', () => {
    const period = periodOf(messaging, NOW);
    const runs: RunRow[] = [1, 2, 3].map((seq) => ({ id: seq, taskId: 7, period, seq, step: 1, status: 'completed', reason: null, rewardPaid: 20_00 }));
    const task = toTask(messaging, 'en-US', 1, earnerState(messaging, runs, NOW, false), NOW);
    expect(task.progress).toEqual({ done: 1, total: 1 });
    expect(task.status).toBe('completed');
  });
});
