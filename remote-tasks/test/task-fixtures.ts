// Test data shared by the task pages' tests.
import type { Task, TaskDetail, TaskRun } from '@grab/shared';

export function run(overrides: Partial<TaskRun> = {}): TaskRun {
  return { id: 90, status: 'inProgress', currentStepId: 11, reason: null, share: null, ...overrides };
}

/** A task as the hall lists it. */
export function task(overrides: Partial<Task> = {}): Task {
  return {
    id: 1,
    kind: 'audit',
    schedule: 'once',
    title: 'Review the shop',
    description: 'Leave a review and upload a screenshot.',
    reward: 1500,
    minLevel: 1,
    locked: false,
    resetTime: null,
    endsAt: null,
    hoursLeft: null,
    progress: { done: 0, total: 1 },
    status: 'notStarted',
    closedReason: null,
    taskBranchList: [
      { id: 11, h5Url: '/taskDetail', title: 'Open the shop', action: 'open' },
      { id: 12, h5Url: '/auditTask', title: 'Upload the screenshot', action: 'proof' },
    ],
    ...overrides,
  };
}

export function detail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return {
    ...task(),
    nextResetAt: null,
    proofPictures: 1,
    pictureLabels: [],
    reviewMinutes: null,
    targetUrl: 'https://shop.example/review',
    inviteLink: null,
    earnerLevel: 2,
    run: null,
    ...overrides,
  };
}

/** A main API answer as the server sends it. */
export function envelope(data: unknown, code = 200, msg = 'ok'): Response {
  return new Response(JSON.stringify({ code, data, msg }), { status: code === 200 ? 200 : 400, headers: { 'content-type': 'application/json' } });
}

/**
 * A fake `fetch` that answers by address, so a page's calls (and the ones a cache invalidation
 * adds) may come in any order: each path takes its answers in turn and repeats the last one. An
 * answer is envelope data, or a Response as it is.
 */
export function answerByPath(routes: Record<string, unknown[]>): (url: string) => Promise<Response> {
  return async (url: string) => {
    const path = String(url).split('?')[0] ?? '';
    const queue = routes[path];
    if (!queue || queue.length === 0) throw new Error(`unexpected call ${url}`);
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    // An Error is a request whose answer never came (offline, a dropped connection).
    if (answer instanceof Error) throw answer;
    return answer instanceof Response ? answer.clone() : envelope(answer);
  };
}
