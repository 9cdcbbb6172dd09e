import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DESKTOP, operator, signInToConsole } from '../support/console';
import { type GrabServer, startGrabServer } from '../support/delivery';
import { type Earner, registerEarner } from '../support/earners';
import { expect, test } from '../support/fixtures';
import { screenshotPng } from '../support/images';

// Two reviewers on one queue: a submission one of them opens and leaves undecided (another screen,
// the tab closed) goes back to the queue at once, instead of being kept from the other for the
// claim's 10 minutes.

// A reviewer landing on the queue is handed the oldest free submission, and these tests' reviewers
// land there again and again and hold what they are handed for a while: on the suite's server they
// would hold the submission another file's reviewer is about to open. So they have a server of their
// own (the port after the delivery tests' two), and run one at a time.
const REVIEW_PORT = Number(process.env.E2E_PORT ?? 8091) + 3;
test.use({ ...DESKTOP, baseURL: `http://127.0.0.1:${REVIEW_PORT}` });
test.describe.configure({ mode: 'serial' });

let server: GrabServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startGrabServer(REVIEW_PORT);
});
test.afterAll(async () => {
  await server?.stop();
});

const CLAIMED_BY_OTHER = 'Another reviewer is deciding this submission right now';

async function api<T>(request: APIRequestContext, token: string, path: string, data?: unknown, contentType?: string): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'accept-language': 'en-US', ...(contentType ? { 'content-type': contentType } : {}) };
  const response = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data: data as never });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** An audit task of its own, and one earner's proof for it waiting for review: the submission's number. */
async function submissionUnderReview(request: APIRequestContext): Promise<number> {
  const admin = await operator(request, 'admin');
  const adminToken = (await api<{ token: string }>(request, '', '/login', { country: 'IN', phone: admin.phone, password: admin.password })).token;
  const title = `Rate our shop ${Date.now() % 100_000}`;
  const task = await api<{ id: number; steps: { action: string }[] }>(request, adminToken, '/admin/tasks/create', {
    kind: 'audit',
    schedule: 'once',
    title,
    description: 'Rate the shop and upload a screenshot',
    reward: 5_00,
    minLevel: 1,
    dailyCap: null,
    position: 1,
    resetTime: null,
    endsAt: null,
    proofPictures: 1,
    targetUrl: null,
    steps: [{ title: 'Upload the screenshot', action: 'proof', h5Url: '/auditTask' }],
    texts: {},
  });
  const earner: Earner = await registerEarner(request);
  await api(request, earner.token, '/app/task/leading-task', { taskId: task.id });
  const seen = await api<{ id: number; taskBranchList: { id: number; action: string }[] }[]>(request, earner.token, '/app/task/list');
  const proof = seen.find((t) => t.id === task.id)?.taskBranchList.find((s) => s.action === 'proof');
  if (!proof) throw new Error(`task ${task.id} has no proof step for the earner`);
  const picture = await api<{ id: string }>(request, earner.token, '/app/upload/image', screenshotPng(), 'image/png');
  await api(request, earner.token, '/app/task/leading-task', { taskId: task.id, stepId: proof.id, pictures: [picture.id] });
  for (let page = 1; page < 50; page += 1) {
    const list = await api<{ list: { id: number; earnerId: string; taskId: number }[]; hasMore: boolean }>(request, adminToken, `/admin/review/list?page=${page}`);
    const mine = list.list.find((s) => s.taskId === task.id);
    if (mine) return mine.id;
    if (!list.hasMore) break;
  }
  throw new Error(`no submission under review for task ${task.id}`);
}

/** A reviewer's own browser, signed in to the console (a reviewer lands on the review queue). */
async function reviewerConsole(browser: Browser, request: APIRequestContext): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: `http://127.0.0.1:${REVIEW_PORT}` });
  const page = await context.newPage();
  await signInToConsole(page, await operator(request, 'reviewer'));
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  return page;
}

async function open(page: Page, submissionId: number): Promise<void> {
  await page.getByLabel('Submission number').fill(String(submissionId));
  await page.getByRole('button', { name: 'Open' }).click();
}

const opened = (page: Page, submissionId: number) => page.getByText(`#${submissionId}`, { exact: true });

test('a reviewer who leaves a submission undecided hands it back: the next reviewer opens it at once', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const submissionId = await submissionUnderReview(request);
  const [first, second] = [await reviewerConsole(browser, request), await reviewerConsole(browser, request)];

  // The first reviewer opens it: the second is told it is taken.
  await open(first, submissionId);
  await expect(opened(first, submissionId)).toBeVisible();
  await open(second, submissionId);
  await expect(second.getByText(CLAIMED_BY_OTHER)).toBeVisible();
  await expect(opened(second, submissionId)).toHaveCount(0);

  // The first leaves for another screen without deciding: the screen lets go of the claim.
  const released = first.waitForResponse((r) => r.url().endsWith('/admin/review/release'));
  await first.getByRole('link', { name: 'Fraud flags' }).click();
  await expect(first.getByRole('link', { name: 'Fraud flags' })).toHaveAttribute('aria-current', 'page');
  // The browser keeps no body of a keepalive call to read back: its status says it was answered.
  expect((await released).status()).toBe(200);

  // The second opens it at once, and holds it now.
  await open(second, submissionId);
  await expect(opened(second, submissionId)).toBeVisible();
  await expect(second.getByText(CLAIMED_BY_OTHER)).toHaveCount(0);
  await expect(second.getByText('Yours until')).toBeVisible();

  // The second closes the tab undecided: the first, back on the queue, opens it within moments.
  await first.getByRole('link', { name: 'Review queue' }).click();
  await expect(first.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await second.close({ runBeforeUnload: true });
  await expect(async () => {
    await open(first, submissionId);
    await expect(opened(first, submissionId)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(first.getByText(CLAIMED_BY_OTHER)).toHaveCount(0);
  await first.getByRole('button', { name: 'Pass (P)' }).click();
  await expect(first.getByText(`Submission ${submissionId} passed.`)).toBeVisible();
});

test('Skip hands the submission back and opens the next: another reviewer opens the skipped one at once', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const [a, b] = [await submissionUnderReview(request), await submissionUnderReview(request)];
  const first = await reviewerConsole(browser, request);
  await open(first, a);
  await expect(opened(first, a)).toBeVisible();

  // S from the keyboard, as P and F: the next submission opens, and the skipped one is named.
  await first.getByRole('heading', { level: 2 }).click();
  await first.keyboard.press('S');
  await expect(first.getByText(`Submission ${a} skipped: any reviewer can take it now.`)).toBeVisible();
  await expect(opened(first, a)).toHaveCount(0);

  const second = await reviewerConsole(browser, request);
  await open(second, a);
  await expect(opened(second, a)).toBeVisible();
  await expect(second.getByText(CLAIMED_BY_OTHER)).toHaveCount(0);
  await second.getByRole('button', { name: 'Pass (P)' }).click();
  await expect(second.getByText(`Submission ${a} passed.`)).toBeVisible();

  // The other one is still waiting for the first reviewer, who opens it and decides.
  await open(first, b);
  await expect(opened(first, b)).toBeVisible();
  await first.getByRole('button', { name: 'Pass (P)' }).click();
  await expect(first.getByText(`Submission ${b} passed.`)).toBeVisible();
});
