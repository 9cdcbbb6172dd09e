import { describe, expect, it } from 'vitest';
import { afterStepDestination, cardHref, showsProgress, stepDestination, taskDetailHref } from './step-navigation.lib';
import { readTaskQuery } from './task-query.lib';

const ORIGIN = 'https://grab.example';
const TASK = { id: 7, kind: 'share' as const };

describe('stepDestination', () => {
  it('opens the step page with taskType, taskId and id', () => {
    expect(stepDestination({ id: 71, h5Url: '/shareTask' }, TASK, ORIGIN)).toEqual({
      href: '/shareTask?taskType=share&taskId=7&id=71',
      internal: true,
    });
  });

  it('keeps the query a step address already has and replaces stale task parameters', () => {
    expect(stepDestination({ id: 72, h5Url: '/auditTask?from=hall&id=1' }, TASK, ORIGIN).href).toBe(
      '/auditTask?from=hall&id=72&taskType=share&taskId=7',
    );
  });

  it('treats an absolute address on the same origin as internal', () => {
    expect(stepDestination({ id: 73, h5Url: `${ORIGIN}/joinTgTask` }, TASK, ORIGIN)).toEqual({
      href: '/joinTgTask?taskType=share&taskId=7&id=73',
      internal: true,
    });
  });

  it('leaves another site absolute', () => {
    expect(stepDestination({ id: 74, h5Url: 'https://partner.example/signup' }, TASK, ORIGIN)).toEqual({
      href: 'https://partner.example/signup?taskType=share&taskId=7&id=74',
      internal: false,
    });
  });
});

describe('afterStepDestination', () => {
  it('opens the next step when there is one', () => {
    expect(afterStepDestination({ id: 80, h5Url: '/auditTask' }, TASK, ORIGIN).href).toBe('/auditTask?taskType=share&taskId=7&id=80');
  });

  it('goes back to the hall filtered on the task kind when no step is left', () => {
    expect(afterStepDestination(null, TASK, ORIGIN)).toEqual({ href: '/home?taskType=share', internal: true });
  });
});

describe('taskDetailHref', () => {
  it('names the task and its kind', () => {
    expect(taskDetailHref({ id: 3, kind: 'redeemCode' })).toBe('/taskDetail?taskId=3&taskType=redeemCode');
  });
});

describe('readTaskQuery', () => {
  it('reads the three parameters', () => {
    expect(readTaskQuery(new URLSearchParams('taskType=audit&taskId=12&id=5'))).toEqual({ taskId: 12, taskType: 'audit', stepId: 5 });
  });

  it('turns malformed values into null', () => {
    expect(readTaskQuery(new URLSearchParams('taskType=bogus&taskId=-1&id=1e3'))).toEqual({ taskId: null, taskType: null, stepId: null });
    expect(readTaskQuery(new URLSearchParams('taskId=99999999999'))).toEqual({ taskId: null, taskType: null, stepId: null });
  });
});

describe('showsProgress', () => {
  it('counts attempts only of tasks that have steps', () => {
    expect(showsProgress({ taskBranchList: [{ id: 1 }] })).toBe(true);
    expect(showsProgress({ taskBranchList: [] })).toBe(false);
  });
});

describe('cardHref', () => {
  const hang = { id: 9, kind: 'hang' as const, locked: false, taskBranchList: [{ id: 90, h5Url: '/hangTask', action: 'hang' as const }] };
  it('opens the online page itself for online time, where the time is earned', () => {
    expect(cardHref(hang, 'https://grab.example')).toBe('/hangTask?taskType=hang&taskId=9&id=90');
  });
  it('opens the detail page for a locked task and for every other kind', () => {
    expect(cardHref({ ...hang, locked: true }, 'https://grab.example')).toBe('/taskDetail?taskId=9&taskType=hang');
    expect(cardHref({ id: 3, kind: 'share', locked: false, taskBranchList: [{ id: 30, h5Url: '/shareTask', action: 'share' }] }, 'https://grab.example')).toBe('/taskDetail?taskId=3&taskType=share');
  });
});
