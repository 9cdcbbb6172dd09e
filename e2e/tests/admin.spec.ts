import type { APIRequestContext } from '@playwright/test';
import { DESKTOP, operator, signInToConsole, signOutOfConsole } from '../support/console';
import type { Earner } from '../support/earners';
import { expect, signIn, test } from '../support/fixtures';
import { PHONE_BROWSER } from '../support/phone-browser';
import { openTask, taskCard, taskTitled, uploadProof } from '../support/tasks';

// The operator console end to end: an admin creates a task in two languages, an earner does it in
// the earner app, a reviewer fails then passes it, a payout operator approves the earner's
// withdrawal and the simulator pays; the audit log shows each step.

test.use(DESKTOP);

/** The simulator pays within seconds; the console's list is read again on each look. */
const PAYOUT_WAIT_MS = 45_000;

async function api<T>(request: APIRequestContext, token: string, path: string, data?: object, language = 'en-US'): Promise<T> {
  const headers = { authorization: `Bearer ${token}`, 'accept-language': language };
  const response = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** The submission of this earner waiting for review, as the reviewer API lists it. */
async function pendingSubmission(request: APIRequestContext, token: string, earner: Earner): Promise<number> {
  for (let page = 1; page < 50; page += 1) {
    const data = await api<{ list: { id: number; earnerId: string }[]; hasMore: boolean }>(request, token, `/admin/review/list?page=${page}`);
    const mine = data.list.find((s) => s.earnerId === String(earner.userInfo.thirdUserId));
    if (mine) return mine.id;
    if (!data.hasMore) break;
  }
  throw new Error('no submission under review for this earner');
}

test('admin creates a task, the earner does it, a reviewer fails then passes it, a payout is approved and paid, all in the audit log', async ({ page, browser, request, earner }) => {
  // Three sign-ins, two uploads and a payout on a shared machine: minutes, not seconds.
  test.setTimeout(600_000);
  const title = `Like our new post ${Date.now() % 100_000}`;
  const hindi = `हमारी नई पोस्ट लाइक करें ${Date.now() % 100_000}`;
  const [admin, reviewer, payout] = [await operator(request, 'admin'), await operator(request, 'reviewer'), await operator(request, 'payout')];

  // 1. The admin creates an audit task with English and Hindi texts.
  await signInToConsole(page, admin);
  await page.getByRole('link', { name: 'Tasks' }).click();
  await page.getByRole('button', { name: 'New task' }).click();
  const form = page.getByRole('form', { name: 'New task' });
  await form.getByLabel('Reward (points)').fill('12.50');
  const language = (key: string) => form.locator('.language').filter({ has: page.getByRole('heading', { name: key, exact: true }) });
  const english = language('en-US');
  await english.getByLabel('Title').fill(title);
  await english.getByLabel('Description').fill('Like the post and upload a screenshot');
  await expect(form.getByText(/Missing translation: hi-IN, hi-IND/)).toBeVisible();
  const hi = language('hi-IN');
  await hi.getByLabel('Title').fill(hindi);
  await hi.getByLabel('Description').fill('पोस्ट लाइक करें और स्क्रीनशॉट अपलोड करें');
  await expect(form.getByText(/Missing translation: hi-IND/)).toBeVisible();
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created.')).toBeVisible();
  await expect(page.getByRole('cell', { name: title })).toBeVisible();
  await signOutOfConsole(page);

  // 2. The earner sees it (in Hindi too) and submits proof in the earner app.
  const task = await taskTitled(request, earner.token, title);
  expect(task.reward).toBe(1250);
  const inHindi = await api<{ id: number; title: string }[]>(request, earner.token, '/app/task/list', undefined, 'hi-IN');
  expect(inHindi.find((t) => t.id === task.id)?.title).toBe(hindi);
  const phone = await browser.newContext({ ...PHONE_BROWSER, baseURL: test.info().project.use.baseURL });
  const earnerPage = await phone.newPage();
  await signIn(earnerPage, earner);
  await openTask(earnerPage, task);
  await earnerPage.getByRole('button', { name: 'Start' }).click();
  await uploadProof(earnerPage, task);

  // 3. The reviewer fails it with a preset reason, from the keyboard.
  const reviewerToken = (await api<{ token: string }>(request, '', '/login', { country: 'IN', phone: reviewer.phone, password: reviewer.password })).token;
  const first = await pendingSubmission(request, reviewerToken, earner);
  await signInToConsole(page, reviewer);
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await page.getByLabel('Submission number').fill(String(first));
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText(`#${first}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Proof 1' })).toBeVisible();
  await page.getByRole('button', { name: /zoom in/ }).click();
  await expect(page.getByRole('button', { name: /zoom out/ })).toBeVisible();
  await page.getByRole('heading', { name: title }).click();
  await page.keyboard.press('2');
  await expect(page.getByLabel('Reason the earner reads')).toHaveValue('The screenshot is cut off or unreadable');
  await page.keyboard.press('f');
  await expect(page.getByText(`Submission ${first} failed.`)).toBeVisible();

  // The earner reads the reason and uploads again.
  await taskCard(earnerPage, task.title).getByRole('link').click();
  await expect(earnerPage.getByText('The screenshot is cut off or unreadable')).toBeVisible();
  await earnerPage.getByRole('link', { name: 'Upload again' }).click();
  await uploadProof(earnerPage, task);

  // 4. The reviewer passes the re-upload; it shows the earlier failure in the earner's history.
  const second = await pendingSubmission(request, reviewerToken, earner);
  await page.getByLabel('Submission number').fill(String(second));
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText(`#${second}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('list').getByText(/failed \(The screenshot is cut off or unreadable\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Pass (P)' }).click();
  await expect(page.getByText(`Submission ${second} passed.`)).toBeVisible();
  await signOutOfConsole(page);
  await phone.close();

  // 5. The earner asks for a withdrawal above the approval amount (through the API: the earner app's
  // withdrawal has its own tests); the payout operator approves it and the simulator pays.
  await api(request, earner.token, '/test/credit', { points: 100_000_00, key: `console-${earner.userInfo.id}` });
  const [upi] = await api<{ id: number }[]>(request, earner.token, '/app/pay/institutionList?method=upi');
  const recipient = await api<{ id: number }>(request, earner.token, '/app/pay/userRecipientSave', { method: 'upi', institutionId: upi?.id, name: 'Asha Kumari', account: 'asha.k@okbank' });
  await api(request, earner.token, '/test/clock', { offsetMs: 25 * 3_600_000 });
  const options = await api<{ presets: number[] }>(request, earner.token, '/app/pay/withdraw-options');
  const amount = options.presets.at(-1)!;
  const order = await api<{ id: number; status: string }>(request, earner.token, '/app/pay/pay-withdraw', { amount, recipientId: recipient.id, idempotencyKey: `console-e2e-${earner.userInfo.id}-order` });

  await signInToConsole(page, payout);
  await expect(page.getByRole('link', { name: 'Tasks' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Withdrawals' }).click();
  const orders = page.getByRole('table', { name: 'Orders' });
  const row = orders.getByRole('row').filter({ has: page.getByRole('cell', { name: String(order.id), exact: true }) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Order ${order.id} approved and sent.`)).toBeVisible();
  await expect(async () => {
    await page.getByLabel('State').selectOption('success');
    await page.getByLabel('State').selectOption('awaiting_approval');
    await page.getByLabel('State').selectOption('success');
    await expect(orders.getByRole('row').filter({ has: page.getByRole('cell', { name: String(order.id), exact: true }) })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: PAYOUT_WAIT_MS });
  await signOutOfConsole(page);

  // 6. The audit log shows each step, who did it, before and after.
  await signInToConsole(page, admin);
  await page.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Operator actions' });
  await expect(log.getByRole('row').filter({ hasText: `task ${task.id}` }).filter({ hasText: 'task.create' })).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: `submission ${first}` }).filter({ hasText: 'review.fail' })).toContainText('The screenshot is cut off or unreadable');
  await expect(log.getByRole('row').filter({ hasText: `submission ${second}` }).filter({ hasText: 'review.pass' })).toContainText(`#${reviewer.userInfo.id} (reviewer)`);
  await expect(log.getByRole('row').filter({ hasText: `withdrawOrder ${order.id}` }).filter({ hasText: 'payout.approve' })).toContainText(`#${payout.userInfo.id} (payout)`);
  await page.getByLabel('Action').fill('payout.approve');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'review.fail' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: `withdrawOrder ${order.id}` })).toBeVisible();
});

test("an earner's account cannot use the console", async ({ page, earner, request }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/');
  await page.getByLabel('Phone').fill(earner.phone);
  await page.getByLabel('Password').fill(earner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('This account has no operator role.');
  const response = await request.get('/admin/me', { headers: { authorization: `Bearer ${earner.token}` } });
  expect(response.status()).toBe(403);
});
