import type { APIRequestContext } from '@playwright/test';
import { type Earner, registerEarner } from './earners';
import { shiftClock } from './reviewer';
import { stepOf, stepUrl, type TaskView, taskTitled } from './tasks';

interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

async function call<T>(request: APIRequestContext, earner: Earner, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${earner.token}` } });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${path} answered ${body.code}: ${body.msg}`);
  return body.data;
}

/** A screen of the suite: where it is, and its name in the report. */
export interface Screen {
  name: string;
  path: string;
}

/**
 * An earner whose screens have something in them, set up through the API and the test hooks as the
 * app's own calls would: points and one withdrawal order, level 2 (online time opens), a started
 * share task. Returns the screens of every task kind the demo catalogue reaches.
 */
export async function earnerWithContent(request: APIRequestContext): Promise<{ earner: Earner; taskScreens: Screen[] }> {
  const earner = await registerEarner(request);
  await call(request, earner, 'POST', '/test/credit', { points: 520_000, key: `a11y-${earner.phone}` });
  await call(request, earner, 'POST', '/test/level', { level: 2 });
  const [upi] = await call<{ id: number }[]>(request, earner, 'GET', '/app/pay/institutionList?method=upi');
  const recipient = await call<{ id: number }>(request, earner, 'POST', '/app/pay/userRecipientSave', {
    method: 'upi',
    institutionId: upi?.id,
    name: 'Asha Kumari',
    account: 'asha.k@okbank',
  });
  // A new recipient cools off for a day before a withdrawal may go to it.
  await shiftClock(request, earner.token, 25 * 3_600_000);
  // ₹100, the smallest preset of an Indian number's rupees.
  await call(request, earner, 'POST', '/app/pay/pay-withdraw', { amount: 100_00, recipientId: recipient.id, idempotencyKey: `a11y${earner.phone}withdrawal` });

  const task = (title: string) => taskTitled(request, earner.token, title);
  const share = await task('Share Grab with a friend');
  // The share page shows the link of a started run.
  await call(request, earner, 'POST', '/app/task/leading-task', { taskId: share.id });
  const audit = await task('Follow our official page');
  // Started: the detail page shows its open step (Open and "I've done it"), and the status task's
  // proof page the earner's invitation link with Copy.
  const review = await task('Review a partner app honestly');
  await call(request, earner, 'POST', '/app/task/leading-task', { taskId: review.id });
  const status = await task('Post Grab on your status');
  await call(request, earner, 'POST', '/app/task/leading-task', { taskId: status.id });
  const code = await task('Redeem a gift code');
  const join = await task('Join our community group');
  const messaging = await task('Verify your messaging number');
  const online = await task('Stay online');
  const detail = (t: TaskView) => `/taskDetail?taskId=${t.id}&taskType=${t.kind}`;
  return {
    earner,
    taskScreens: [
      { name: 'task detail (audit)', path: detail(audit) },
      { name: 'audit proof page', path: stepUrl(audit, stepOf(audit, 'proof')) },
      { name: 'task detail (open step)', path: detail(review) },
      { name: 'audit proof page (invitation link)', path: stepUrl(status, stepOf(status, 'proof')) },
      { name: 'join group page', path: stepUrl(join, stepOf(join, 'open')) },
      { name: 'share task page', path: stepUrl(share, stepOf(share, 'share')) },
      { name: 'task detail (codes)', path: detail(code) },
      { name: 'messaging number', path: stepUrl(messaging, stepOf(messaging, 'messaging')) },
      { name: 'online time', path: stepUrl(online, stepOf(online, 'hang')) },
    ],
  };
}
