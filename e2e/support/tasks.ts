import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { screenshotPng } from './images';

interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export interface TaskStep {
  id: number;
  h5Url: string;
  action: string;
}

export interface TaskView {
  id: number;
  kind: string;
  title: string;
  reward: number;
  status: string;
  progress: { done: number; total: number };
  taskBranchList: TaskStep[];
}

async function get<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' } });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${path} answered ${body.code}: ${body.msg}`);
  return body.data;
}

/** A seeded task by its English title, as this earner sees it. */
export async function taskTitled(request: APIRequestContext, token: string, title: string): Promise<TaskView> {
  const tasks = await get<TaskView[]>(request, token, '/app/task/list');
  const task = tasks.find((t) => t.title === title);
  if (!task) throw new Error(`no task titled "${title}"`);
  return task;
}

export interface Assets {
  balance: number;
  pending: number;
}

export function assetsOf(request: APIRequestContext, token: string): Promise<Assets> {
  return get<Assets>(request, token, '/app/user/assetInfo');
}

/** The card of a task in the hall. */
export function taskCard(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/** From the hall to the task's detail page, the way an earner gets there. */
export async function openTask(page: Page, task: TaskView): Promise<void> {
  await page.goto('/home');
  await taskCard(page, task.title).getByRole('link').click();
  await expect(page).toHaveURL(`/taskDetail?taskId=${task.id}&taskType=${task.kind}`);
}

/** SPEC §2: the step's own page with taskType, taskId and id. */
export function stepUrl(task: TaskView, step: TaskStep): string {
  return `${step.h5Url}?taskType=${task.kind}&taskId=${task.id}&id=${step.id}`;
}

export function stepOf(task: TaskView, action: string): TaskStep {
  const step = task.taskBranchList.find((s) => s.action === action);
  if (!step) throw new Error(`task ${task.id} has no ${action} step`);
  return step;
}

/**
 * On the detail page: Start, then "I've done it" on each open step the detail page shows (a page to
 * follow, a partner site), until the proof page opens. For tests of the proof: the outside page is
 * not visited (the tests of open steps do that), as an earner who did it earlier may skip it too.
 */
export async function startToProof(page: Page, task: TaskView): Promise<void> {
  await page.getByRole('button', { name: 'Start' }).click();
  for (const step of task.taskBranchList.filter((s) => s.action === 'open')) {
    await expect(page).toHaveURL(stepUrl(task, step));
    await page.getByRole('button', { name: "I've done it" }).click();
  }
  await expect(page).toHaveURL(stepUrl(task, stepOf(task, 'proof')));
}

/**
 * On the audit page: picks `count` screenshots, waits for every upload to finish (the bar says
 * "Uploaded" once the server has the picture), submits, and lands on the hall of the task's kind (SPEC §2: nothing follows a proof step).
 */
export async function uploadProof(page: Page, task: TaskView, count = 1): Promise<void> {
  await expect(page).toHaveURL(stepUrl(task, stepOf(task, 'proof')));
  await pickProofPictures(page, count);
  const bars = page.getByRole('progressbar', { name: /Upload of/ });
  await expect(bars).toHaveCount(count);
  for (let i = 0; i < count; i += 1) await expect(bars.nth(i)).toHaveAttribute('aria-valuetext', 'Uploaded', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(`/home?taskType=${task.kind}`);
  await expect(taskCard(page, task.title).getByText('Under review')).toBeVisible();
}

/** The audit page's file chooser while it still wants `needed` pictures: its name is counted like them. */
export function pictureChooser(page: Page, needed = 1): Locator {
  return page.getByLabel(needed === 1 ? 'Choose a picture' : 'Choose pictures', { exact: true });
}

/** On the audit page: picks `count` screenshots (each starts uploading at once) while it wants `needed`. */
export async function pickProofPictures(page: Page, count = 1, needed = count): Promise<void> {
  const files = Array.from({ length: count }, (_, i) => ({
    name: `proof-${i + 1}.png`,
    mimeType: 'image/png',
    buffer: screenshotPng(360, 640, [30 + 80 * i, 120, 200]),
  }));
  await pictureChooser(page, needed).setInputFiles(files);
}

/** Answers every request to an outside page (group links, partner sites) without the network. */
export async function stubOutsidePages(page: Page): Promise<void> {
  await page.context().route(/^https:\/\/(t\.me|[a-z.]*example\.(com|org))\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Outside page</title><p>Outside page</p>' }),
  );
}

/** Follows a step's link to an outside page (it opens a new tab), checks where it led, and closes it. */
export async function visitOutsidePage(page: Page, link: RegExp, target: RegExp): Promise<void> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: link }).click();
  const outside = await popup;
  await expect(outside).toHaveURL(target);
  await outside.close();
}
