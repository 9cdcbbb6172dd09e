import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { shiftClock } from '../support/reviewer';
import { assetsOf, taskCard, taskTitled, type TaskView } from '../support/tasks';

const HALF_MINUTE = 30_000;

test.use({ viewport: { width: 390, height: 844 } });
// Dozens of heartbeats and reloads each, on a machine that runs other tests too.
test.describe.configure({ timeout: 240_000 });

async function raiseLevel(request: APIRequestContext, token: string, level: number): Promise<void> {
  const response = await request.post('/test/level', { data: { level }, headers: { authorization: `Bearer ${token}` } });
  expect((await response.json()).code).toBe(200);
}

/**
 * The earner's page stays open while the test moves their clock on half a minute at a time; at each
 * step one heartbeat arrives as the page's would at that moment, so an hour passes in seconds.
 */
async function stayOnline(request: APIRequestContext, token: string, task: TaskView, start: number, fromStep: number, toStep: number): Promise<void> {
  for (let step = fromStep; step <= toStep; step += 1) {
    await shiftClock(request, token, start + step * HALF_MINUTE);
    const response = await request.get(`/app/user/online?taskId=${task.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await response.json()).code).toBe(200);
  }
}

/**
 * Moves the earner's clock to 01:00 UTC tomorrow and answers that offset, which the steps add to.
 * Online time counts per day from 00:00 UTC: a test run at 23:30 would otherwise split its hour
 * between two days, and neither would earn the reward.
 */
async function startOfAnOnlineDay(request: APIRequestContext, token: string): Promise<number> {
  const now = new Date();
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1) - now.getTime();
  await shiftClock(request, token, start);
  return start;
}

/** The page shows what it reads when it shows again; a reload is what an earner would do. */
async function expectAfterReload(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 60_000 });
}

test('online time: the hall leads to /hangTask, the minutes count while it is open, then the reward is credited once', async ({ signedInPage: page, earner, request }) => {
  await raiseLevel(request, earner.token, 2);
  const start = await startOfAnOnlineDay(request, earner.token);
  const task = await taskTitled(request, earner.token, 'Stay online');
  const before = await assetsOf(request, earner.token);

  await page.goto('/home');
  await taskCard(page, task.title).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/hangTask\\?taskType=hang&taskId=${task.id}&id=\\d+`));
  await expect(page.getByRole('heading', { level: 1, name: 'Stay online' })).toBeVisible();
  // The page's first heartbeat goes out as soon as it shows.
  await expect(page.getByRole('heading', { name: 'You are online' })).toBeVisible();
  await expect(page.getByText('Rewards today: 0 of 8')).toBeVisible();

  await stayOnline(request, earner.token, task, start, 1, 6);
  await expectAfterReload(page, async () => {
    await expect(page.getByRole('definition').first()).toHaveText('3 minutes');
  });

  // On to a full hour: the reward of the first hour is credited, once.
  await stayOnline(request, earner.token, task, start, 7, 121);
  await expectAfterReload(page, async () => {
    await expect(page.getByText('Rewards today: 1 of 8')).toBeVisible();
  });
  // The page's own heartbeats, at the moved clock, may have added minutes meanwhile.
  await expect(page.getByRole('definition').first()).toHaveText(/^1 hour/);
  await expect(page.getByRole('heading', { name: 'You are online' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Rewards today: 1 of 8')).toBeVisible();
  const after = await assetsOf(request, earner.token);
  expect(after.balance - before.balance).toBe(task.reward);
});

test('online time in Urdu, right to left, with the minutes in words', async ({ signedInPage: page, earner, request }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'ur-PK'));
  await raiseLevel(request, earner.token, 2);
  const start = await startOfAnOnlineDay(request, earner.token);
  const task = await taskTitled(request, earner.token, 'Stay online');
  await page.goto(`/hangTask?taskType=hang&taskId=${task.id}&id=${task.taskBranchList[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'آن لائن رہیں' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'آپ آن لائن ہیں' })).toBeVisible();
  await stayOnline(request, earner.token, task, start, 1, 4);
  await expectAfterReload(page, async () => {
    await expect(page.getByRole('definition').first()).toHaveText('2 منٹ');
  });
});

test('online time below the task level explains the level and counts nothing', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Stay online');
  await page.goto('/home');
  await taskCard(page, task.title).getByRole('link').click();
  await expect(page).toHaveURL(`/taskDetail?taskId=${task.id}&taskType=hang`);
  await expect(page.getByRole('heading', { name: 'Level insufficient' })).toBeVisible();
});
