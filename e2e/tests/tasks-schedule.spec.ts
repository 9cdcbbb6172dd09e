import { expect, test } from '../support/fixtures';
import { Reviewer, shiftClock } from '../support/reviewer';
import { openTask, taskCard, taskTitled, uploadProof } from '../support/tasks';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

test('a recurring task completed today starts over after its reset time', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Post Grab on your status');
  const reviewer = await Reviewer.signIn(request);
  await openTask(page, task);
  await page.getByRole('button', { name: 'Start' }).click();
  await uploadProof(page, task);
  await reviewer.pass((await reviewer.pendingOf(String(earner.userInfo.thirdUserId), task.id)).id);

  await page.reload();
  const card = taskCard(page, task.title);
  await expect(card.getByText('Completed')).toBeVisible();
  await expect(card.getByText('1 of 1 done')).toBeVisible();

  // This earner's clock moves a day on; the reset time has passed once.
  await shiftClock(request, earner.token, DAY);
  await page.reload();
  await expect(card.getByText('0 of 1 done')).toBeVisible();
  await expect(card.getByRole('link', { name: /Start/ })).toBeVisible();
});

test('a timed task closes at its end and says so', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Join the announcements channel');
  await page.goto('/home');
  await expect(taskCard(page, task.title).getByText(/^\d+ days left$/)).toBeVisible();

  await shiftClock(request, earner.token, 30 * DAY + 2 * HOUR);
  await page.reload();
  const card = taskCard(page, task.title);
  await expect(card.getByText('Ended').first()).toBeVisible();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'This task is closed' })).toBeVisible();
  await expect(page.getByText('This task has ended.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
});

test('a task above the earner level shows the level tip and cannot be started', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Try the partner fitness app');
  await page.goto('/home');
  await expect(taskCard(page, task.title).getByText('LV3')).toBeVisible();
  await openTask(page, task);
  await expect(page.getByRole('heading', { name: 'Level insufficient' })).toBeVisible();
  await expect(page.getByText('This task needs LV3. You are LV1.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
});
