import type { APIRequestContext, Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { type Earner, registerEarner, shownIndianNumber } from '../support/earners';
import { expect, test } from '../support/fixtures';
import { assetsOf, openTask, taskCard, taskTitled } from '../support/tasks';

// The messaging-number flow of DESIGN §2.3: the earner sends our one-time code from the number to
// the official account. The server runs in demo mode, so the page offers the local simulator,
// which delivers the code as the provider would (a signed webhook call).

const TASK_TITLE = 'Verify your messaging number';
/** The demo catalogue's messaging task pays 20 points a number. */
const REWARD = 20_00;

let numberCounter = 0;
/** A valid Indian mobile number no other test verifies. */
function freshNumber(): string {
  numberCounter += 1;
  return `97${`${Date.now() % 1_000_000}${process.pid % 10}${numberCounter}`.slice(-8).padStart(8, '0')}`;
}

/** The earner's task-reward credits in the ledger, through the earnings page's own API. */
async function taskCredits(request: APIRequestContext, earner: Earner): Promise<number[]> {
  const response = await request.get('/app/user/earnings-log?kind=task_reward', { headers: { authorization: `Bearer ${earner.token}` } });
  const body = (await response.json()) as { data: { items: { amount: number }[] } };
  return body.data.items.map((item) => item.amount);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A second-API call signed as the client signs it (SPEC §7): sign, time and verification, and the token. */
async function signedPost<T>(request: APIRequestContext, earner: Earner, path: string, data: Record<string, string>): Promise<T> {
  const sign = sha256(`${path}${earner.userInfo.thirdUserId}${earner.userInfo.thirdName}`);
  const time = String(Date.now());
  const response = await request.post(`${path}?sign=${sign}`, {
    data,
    headers: { authorization: `Bearer ${earner.token}`, 'x-time': time, 'x-verify': sha256(`${time}${sign}`) },
  });
  const body = (await response.json()) as { code: number; data: T; message: string };
  if (body.code !== 0) throw new Error(`${path} answered ${body.code}: ${body.message}`);
  return body.data;
}

async function getCode(page: Page, number: string, labels: { number: RegExp | string; getCode: RegExp | string }) {
  await page.getByLabel(labels.number).fill(number);
  await page.getByRole('button', { name: labels.getCode }).click();
}

test.describe('messaging number (issue 11)', () => {
  // Each test walks the whole flow (several pages and a provider delivery): give a busy machine room.
  test.describe.configure({ timeout: 180_000 });

  test('get a code, the simulator sends it, the window closes, the number is verified and paid once, then deleted', async ({
    signedInPage: page,
    earner,
    request,
  }) => {
    const before = await assetsOf(request, earner.token);
    const task = await taskTitled(request, earner.token, TASK_TITLE);
    await openTask(page, task);
    await page.getByRole('link', { name: 'Start' }).click();
    await expect(page).toHaveURL(/\/wsTask\?taskType=messaging&taskId=\d+&id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: TASK_TITLE })).toBeVisible();
    await expect(page.getByText('No verified numbers yet.')).toBeVisible();

    const number = freshNumber();
    await getCode(page, number, { number: 'Messaging number', getCode: 'Get code' });
    const window_ = page.getByRole('dialog', { name: 'Send this code to our official account' });
    await expect(window_).toBeVisible();
    const code = (await window_.getByLabel('Your one-time code').textContent()) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await expect(window_.getByRole('link', { name: /Open messaging app/ })).toHaveAttribute('href', `https://wa.me/10000000000?text=${code}`);
    await expect(window_.getByText(/Waiting for your code/)).toBeVisible();

    await window_.getByRole('button', { name: 'Simulate sending (demo)' }).click();
    // SPEC §4: the window closes by itself once the code has arrived.
    await expect(window_).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${shownIndianNumber(number)} is verified` })).toContainText('20 points were added');
    const list = page.getByRole('region', { name: 'Your verified numbers' });
    const row = list.getByRole('listitem').filter({ hasText: shownIndianNumber(number) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Online')).toBeVisible();

    expect((await assetsOf(request, earner.token)).balance).toBe(before.balance + REWARD);
    expect(await taskCredits(request, earner)).toEqual([REWARD]);
    // The number is a run of the task, so Home counts it; the task leads back to the numbers page.
    await page.goto('/home');
    await expect(taskCard(page, TASK_TITLE).getByText('1 of 3 done')).toBeVisible();
    await openTask(page, task);
    await page.getByRole('link', { name: 'Start' }).click();
    await expect(page).toHaveURL(/\/wsTask\?taskType=messaging&taskId=\d+&id=\d+$/);

    // A reload shows the same list, and nothing is credited again.
    await page.reload();
    await expect(list.getByRole('listitem').filter({ hasText: shownIndianNumber(number) })).toBeVisible();

    await row.getByRole('button', { name: `Delete ${shownIndianNumber(number)}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this number?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No verified numbers yet.')).toBeVisible();

    // Added again: verified, but a number earns once, ever.
    await getCode(page, number, { number: 'Messaging number', getCode: 'Get code' });
    await page.getByRole('button', { name: 'Simulate sending (demo)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is verified' })).toContainText('earned before');
    expect((await assetsOf(request, earner.token)).balance).toBe(before.balance + REWARD);
    expect(await taskCredits(request, earner)).toEqual([REWARD]);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('in Urdu the page reads right to left, the number and code left to right', async ({ signedInPage: page, earner, request }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'ur-PK'));
    const before = await assetsOf(request, earner.token);
    await page.goto('/wsTask');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'اپنا میسجنگ نمبر تصدیق کریں' })).toBeVisible();

    await page.getByRole('button', { name: 'کوڈ حاصل کریں' }).click();
    await expect(page.getByRole('alert')).toHaveText('براہ کرم فون نمبر درج کریں');

    const number = freshNumber();
    await getCode(page, number, { number: 'میسجنگ نمبر', getCode: 'کوڈ حاصل کریں' });
    const window_ = page.getByRole('dialog', { name: 'یہ کوڈ ہمارے آفیشل اکاؤنٹ پر بھیجیں' });
    await expect(window_).toBeVisible();
    await expect(window_.getByLabel('آپ کا ایک بار کا کوڈ')).toHaveAttribute('dir', 'ltr');
    await window_.getByRole('button', { name: 'بھیجنے کی نقل کریں (ڈیمو)' }).click();
    await expect(window_).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: shownIndianNumber(number) }).getByText('آن لائن')).toBeVisible();
    expect((await assetsOf(request, earner.token)).balance).toBe(before.balance + REWARD);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // At 200 % text the Delete button goes under the number: never off the card, nor the page wider than the phone.
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const row = page.getByRole('listitem').filter({ hasText: shownIndianNumber(number) });
    const [card, button] = [await row.boundingBox(), await row.getByRole('button').boundingBox()];
    expect(button && card && button.x >= card.x && button.x + button.width <= card.x + card.width).toBe(true);
    // The number wraps at its groups there, and its lines keep to the right, where the Urdu row starts.
    await expect(row.getByText(shownIndianNumber(number))).toHaveCSS('text-align', 'right');
  });

  test('a number already verified by another earner is refused with a message', async ({ signedInPage: page, request }) => {
    const number = freshNumber();
    // Another earner verifies the number first, through the second API as their page would call it.
    const other = await registerEarner(request);
    const code = await signedPost<{ code: string }>(request, other, '/api/user/addwsnumber', { country: 'IN', phone: number });
    expect((await signedPost<{ outcome: string }>(request, other, '/api/user/simulate_send', { phone: `+91${number}`, text: code.code })).outcome).toBe('verified');

    await page.goto('/wsTask');
    await getCode(page, number, { number: 'Messaging number', getCode: 'Get code' });
    await expect(page.getByText('This number is already verified by another account')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
