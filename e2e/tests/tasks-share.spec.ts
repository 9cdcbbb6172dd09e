import type { APIResponse, Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { assetsOf, stepOf, taskCard, taskTitled } from '../support/tasks';

/** The envelope's code of an answer (200 is a success). */
async function codeOf(response: Promise<APIResponse>): Promise<number> {
  return ((await (await response).json()) as { code: number }).code;
}

test('share task from its card: Share, a friend opens the link, Collect; three taps at most, and the progress moves in place', async ({
  signedInPage: page,
  earner,
  request,
  browser,
  context,
}) => {
  const task = await taskTitled(request, earner.token, 'Share Grab with a friend');
  const before = await assetsOf(request, earner.token);
  // Like most desktop browsers, this one has no share sheet: Share copies the link.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };

  await page.goto('/home');
  const card = taskCard(page, task.title);
  await expect(card.getByText(`0 of ${task.progress.total} done`)).toBeVisible();

  // Tap 1: Share on the card starts the task on the server (which makes the earner's link) and copies it.
  await tap(card.getByRole('button', { name: /^Share/ }));
  await expect(page.getByText('Link copied. Paste it in a chat to share it.')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/register\?shareCode=\w+&link_id=[\w-]{16,}$/);
  await expect(page).toHaveURL('/home');
  await expect(card.getByText('0 of 1', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Collect/ })).toHaveCount(0);

  // The server decides, whatever a client sends: no visit yet, so the share step cannot be
  // finished and there is nothing to collect.
  const headers = { authorization: `Bearer ${earner.token}`, 'accept-language': 'en-US' };
  expect(await codeOf(request.post('/app/task/leading-task', { headers, data: { taskId: task.id, stepId: stepOf(task, 'share').id } }))).not.toBe(200);
  expect(await codeOf(request.get(`/app/task/collect?taskId=${task.id}`, { headers }))).not.toBe(200);
  expect((await assetsOf(request, earner.token)).balance).toBe(before.balance);

  // A friend opens the link in their own browser, on their own network: one visit. The e2e server
  // believes the loopback proxy's X-Forwarded-For, so the friend comes from another address.
  const friend = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.20' } });
  try {
    const friendPage = await friend.newPage();
    const reported = friendPage.waitForResponse((r) => r.url().endsWith('/app/user/advertisement'), { timeout: 15_000 });
    await friendPage.goto(link);
    await expect(friendPage.getByRole('button', { name: 'Register' })).toBeVisible();
    expect((await reported).status()).toBe(200);
  } finally {
    await friend.close();
  }

  // The card asks again while it waits for visits: Collect appears without a reload.
  const collect = card.getByRole('button', { name: /^Collect/ });
  await expect(collect).toBeVisible({ timeout: 45_000 });
  await expect(card.getByText('1 of 1', { exact: true })).toBeVisible();

  // Tap 2: Collect finishes the share step (the server counts the visit) and takes the reward it decides.
  await tap(collect);
  await expect(page.getByText(/credited$/)).toBeVisible();
  await expect(card.getByText(`1 of ${task.progress.total} done`)).toBeVisible();
  await expect(page).toHaveURL('/home');
  expect(taps).toBeLessThanOrEqual(3);
  expect((await assetsOf(request, earner.token)).balance - before.balance).toBe(task.reward);

  // Collecting again (a retried call) answers the same credit and moves nothing.
  expect(await codeOf(request.get(`/app/task/collect?taskId=${task.id}`, { headers }))).toBe(200);
  expect((await assetsOf(request, earner.token)).balance - before.balance).toBe(task.reward);
  // The card is ready for the next share of the day.
  await expect(card.getByRole('button', { name: /^Share/ })).toBeVisible();
});

test('share task page: the link, the visits, and Collect in one tap once they came', async ({ signedInPage: page, earner, request, browser }) => {
  const task = await taskTitled(request, earner.token, 'Bring three visitors this week');
  const headers = { authorization: `Bearer ${earner.token}`, 'accept-language': 'en-US' };
  const started = await request.post('/app/task/leading-task', { headers, data: { taskId: task.id } });
  const link = ((await started.json()) as { data: { run: { share: { url: string } } } }).data.run.share.url;
  const step = stepOf(task, 'share');

  await page.goto(`${step.h5Url}?taskType=${task.kind}&taskId=${task.id}&id=${step.id}`);
  expect(await page.getByLabel('Your share link').inputValue()).toBe(link);
  await expect(page.getByText('0 of 3', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collect reward' })).toHaveCount(0);

  for (const [i, address] of ['198.51.100.41', '198.51.100.42', '198.51.100.43'].entries()) {
    const friend = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'x-forwarded-for': address } });
    try {
      const friendPage = await friend.newPage();
      const reported = friendPage.waitForResponse((r) => r.url().endsWith('/app/user/advertisement'), { timeout: 15_000 });
      await friendPage.goto(link);
      expect((await reported).status(), `visit ${i + 1}`).toBe(200);
    } finally {
      await friend.close();
    }
  }
  await page.reload();
  await expect(page.getByText('3 of 3', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Collect reward' }).dblclick();
  await expect(page.getByRole('heading', { name: /credited$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to tasks' }).click();
  await expect(taskCard(page, task.title).getByText('Completed')).toBeVisible();
});
