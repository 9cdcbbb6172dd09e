import { Shell } from '../pages/shell.pages';
import { expect, test } from '../support/fixtures';
import { loseFirstAnswer } from '../support/network';
import { assetsOf, openTask, taskCard, taskTitled } from '../support/tasks';

test('a redemption code credits once; redeeming it again, or an expired code, is refused with a message', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Redeem a gift code');
  const before = await assetsOf(request, earner.token);
  await openTask(page, task);

  const code = page.getByRole('textbox', { name: 'Redemption code' });
  await code.fill(' welcome2026 ');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('heading', { name: '10 points credited' })).toBeVisible();
  const credited = await assetsOf(request, earner.token);
  expect(credited.balance - before.balance).toBe(10_00);

  await page.reload();
  await code.fill('WELCOME2026');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('You have already redeemed this code')).toBeVisible();

  await code.fill('EXPIRED2025');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('This code has expired')).toBeVisible();
  expect((await assetsOf(request, earner.token)).balance).toBe(credited.balance);
});

test('the Account balance follows a credit made on another screen, without a reload', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Redeem a gift code');
  const before = await assetsOf(request, earner.token);
  const shell = new Shell(page);
  const points = (hundredths: number) => `${(hundredths / 100).toLocaleString('en-US')} points`;

  // The Account tab is visited first: it stays mounted (hidden) while the earner earns elsewhere.
  await page.goto('/user');
  await expect(page.getByTestId('balance')).toHaveText(points(before.balance));
  await shell.home.click();
  await taskCard(page, task.title).getByRole('link').click();
  await page.getByRole('textbox', { name: 'Redemption code' }).fill('WELCOME2026');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('heading', { name: '10 points credited' })).toBeVisible();

  // Back to the tabs the way the earner came (task pages have no tab bar), then to the Account tab.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/home');
  await shell.account.click();
  await expect(page.getByTestId('balance')).toHaveText(points(before.balance + 10_00));
});

test('a code redeemed while offline says it was not sent, and the same tap back online credits once', async ({ signedInPage: page, earner, request, context }) => {
  const task = await taskTitled(request, earner.token, 'Redeem a gift code');
  const before = await assetsOf(request, earner.token);
  await openTask(page, task);
  await page.getByRole('textbox', { name: 'Redemption code' }).fill('WELCOME2026');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('You are offline: this was not sent. Try again when you are back online')).toBeVisible();
  expect((await assetsOf(request, earner.token)).balance).toBe(before.balance);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('heading', { name: '10 points credited' })).toBeVisible();
  expect((await assetsOf(request, earner.token)).balance - before.balance).toBe(10_00);
});

test('a code whose answer was lost on the way back is credited once, and the next tap shows that credit', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Redeem a gift code');
  const before = await assetsOf(request, earner.token);
  await openTask(page, task);
  await page.getByRole('textbox', { name: 'Redemption code' }).fill('WELCOME2026');

  // The server redeems the code; its answer never reaches the phone.
  await loseFirstAnswer(page, '**/app/task/exchange?*');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect.poll(async () => (await assetsOf(request, earner.token)).balance).toBe(before.balance + 10_00);
  await expect(page.getByRole('button', { name: 'Redeem' })).toBeEnabled();

  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('heading', { name: '10 points credited' })).toBeVisible();
  await expect(page.getByText('You have already redeemed this code')).toHaveCount(0);
  expect((await assetsOf(request, earner.token)).balance).toBe(before.balance + 10_00);
});
