import { expect, test } from '../support/fixtures';
import { assetsOf, openTask, stepOf, stepUrl, taskCard, taskTitled } from '../support/tasks';

test('share task: a visit from a second browser moves progress once, then the reward is collected once', async ({ signedInPage: page, earner, request, browser }) => {
  const task = await taskTitled(request, earner.token, 'Share Grab with a friend');
  const before = await assetsOf(request, earner.token);

  await openTask(page, task);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(stepUrl(task, stepOf(task, 'share')));
  const link = await page.getByLabel('Your share link').inputValue();
  expect(link).toMatch(/\/register\?shareCode=\w+&link_id=[\w-]{16,}$/);
  await expect(page.getByText('0 of 1')).toBeVisible();

  // A friend opens the link twice in their own browser, on their own network: one visit. The e2e
  // server believes the loopback proxy's X-Forwarded-For, so the friend comes from another address
  // than the sharer (whose own address never counts).
  const friend = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.20' } });
  try {
    const friendPage = await friend.newPage();
    for (let i = 0; i < 2; i += 1) {
      const reported = friendPage.waitForResponse((r) => r.url().endsWith('/app/user/advertisement'), { timeout: 5_000 }).catch(() => null);
      await friendPage.goto(link);
      await expect(friendPage.getByRole('button', { name: 'Register' })).toBeVisible();
      const response = await reported;
      // The second open of the same link in the same browser is not even reported again.
      // Its body is not read here: a keepalive request's body is not kept for the test. "1 of 1" below shows it counted.
      if (i === 0) expect(response?.status()).toBe(200);
      else expect(response).toBeNull();
    }
  } finally {
    await friend.close();
  }

  await page.reload();
  await expect(page.getByText('1 of 1')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`/home?taskType=${task.kind}`);
  const card = taskCard(page, task.title);
  await expect(card.getByText('Passed: collect')).toBeVisible();
  await card.getByRole('link').click();
  await page.getByRole('button', { name: 'Collect reward' }).dblclick();
  await expect(page.getByRole('heading', { name: /credited$/ })).toBeVisible();
  expect((await assetsOf(request, earner.token)).balance - before.balance).toBe(task.reward);

  await page.goto('/home');
  await expect(taskCard(page, task.title).getByText(`1 of ${task.progress.total} done`)).toBeVisible();
});
