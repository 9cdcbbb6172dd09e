import type { APIRequestContext } from '@playwright/test';
import { screenshotPng } from './images';
import type { Reviewer } from './reviewer';
import { type TaskView, taskTitled } from './tasks';

interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

interface StepAnswer {
  next: { id: number; action: string } | null;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${path} answered ${body.code}: ${body.msg}`);
  return body.data;
}

/**
 * An earner does a reviewed task on their own phone: every step through the API as the task pages
 * send it (open the target, upload a screenshot, submit), then the seeded reviewer passes it.
 */
export async function earnReviewedTask(request: APIRequestContext, reviewer: Reviewer, earner: { token: string; thirdUserId: string }, title: string): Promise<TaskView> {
  const task = await taskTitled(request, earner.token, title);
  let answer = await post<StepAnswer>(request, earner.token, '/app/task/leading-task', { taskId: task.id });
  while (answer.next) {
    const step = answer.next;
    let pictures: string[] | undefined;
    if (step.action === 'proof') {
      const upload = await request.post('/app/upload/image', {
        data: screenshotPng(),
        headers: { authorization: `Bearer ${earner.token}`, 'content-type': 'image/png' },
      });
      const body = (await upload.json()) as Envelope<{ id: string }>;
      if (body.code !== 200) throw new Error(`upload answered ${body.code}: ${body.msg}`);
      pictures = [body.data.id];
    }
    answer = await post<StepAnswer>(request, earner.token, '/app/task/leading-task', { taskId: task.id, stepId: step.id, pictures });
  }
  await reviewer.pass((await reviewer.pendingOf(earner.thirdUserId, task.id)).id);
  return task;
}

/** How team members see each other's numbers: country code and the last four digits. */
export function teamMask(phone: string): string {
  return `+91 ••••••${phone.slice(-4)}`;
}
