import type { APIRequestContext } from '@playwright/test';
import { DESKTOP, operator, signInToConsole, signOutOfConsole } from '../support/console';
import { type Earner, shownIndianNumber } from '../support/earners';
import { expect, test } from '../support/fixtures';

// An earner is followed from screen to screen: the Withdrawals screen names them as on every other
// screen, "number (#id)", and for an admin that name opens their profile on the Earners screen,
// which also finds them by the "#id" typed into its search. A payout operator, whom the Earners
// screen refuses, reads the same name as text.

test.use(DESKTOP);

async function api<T>(request: APIRequestContext, token: string, path: string, data?: object): Promise<T> {
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en-US' };
  const response = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** A withdrawal above the approval amount, so it waits on the Withdrawals screen's first tab. */
async function waitingWithdrawal(request: APIRequestContext, earner: Earner): Promise<number> {
  await api(request, earner.token, '/test/credit', { points: 100_000_00, key: `earner-links-${earner.userInfo.id}` });
  const [upi] = await api<{ id: number }[]>(request, earner.token, '/app/pay/institutionList?method=upi');
  const recipient = await api<{ id: number }>(request, earner.token, '/app/pay/userRecipientSave', { method: 'upi', institutionId: upi?.id, name: 'Asha Kumari', account: 'asha.k@okbank' });
  await api(request, earner.token, '/test/clock', { offsetMs: 25 * 3_600_000 });
  const { presets } = await api<{ presets: number[] }>(request, earner.token, '/app/pay/withdraw-options');
  const order = await api<{ id: number }>(request, earner.token, '/app/pay/pay-withdraw', { amount: presets.at(-1), recipientId: recipient.id, idempotencyKey: `earner-links-order-${earner.userInfo.id}` });
  return order.id;
}

test('an admin opens an earner from a withdrawal and finds them again by "#id"; a payout operator reads the name as text', async ({ page, request, earner }) => {
  test.setTimeout(180_000);
  const orderId = await waitingWithdrawal(request, earner);
  const [admin, payout] = [await operator(request, 'admin'), await operator(request, 'payout')];
  const id = earner.userInfo.id;
  // The Withdrawals screen masks the number ("+91 98•••••121"); the account id is what is followed.
  const name = new RegExp(`^\\+91 [\\d• ]+ \\(#${id}\\)$`);
  const profile = page.getByRole('heading', { level: 2, name: `${shownIndianNumber(earner.phone)} · #${id}` });
  const search = page.getByLabel('Phone or invitation code, or #number');

  // 1. From the withdrawal to the earner's profile, in one click.
  await signInToConsole(page, admin);
  await page.getByRole('link', { name: 'Withdrawals' }).click();
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ has: page.getByRole('cell', { name: String(orderId), exact: true }) });
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`#/earners\\?earner=${id}$`));
  await expect(page.getByRole('link', { name: 'Earners', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(profile).toBeVisible();
  await expect(page.getByText(earner.userInfo.inviteCode, { exact: true })).toBeVisible();
  await expect(search).toHaveValue(`#${id}`);
  // Back goes to the withdrawals, as from any link.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();

  // 2. The "#id" the other screens show, typed into the search.
  await page.getByRole('link', { name: 'Earners', exact: true }).click();
  await expect(profile).toHaveCount(0);
  await search.fill(`#${id}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('list', { name: 'Earners found' }).getByRole('button');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`${shownIndianNumber(earner.phone)} (#${id})`);
  await found.click();
  await expect(profile).toBeVisible();
  // The address names the profile open, so a reload opens it again.
  await page.reload();
  await expect(profile).toBeVisible();

  // 3. What is not an id is answered in words, not searched.
  await search.fill('#abc');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText("After #, write only the earner's number in digits, such as #123");
  await search.fill('#0');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No earner found.')).toBeVisible();
  await signOutOfConsole(page);

  // 4. A payout operator reads the same name, with nothing to follow.
  await signInToConsole(page, payout);
  await page.getByRole('link', { name: 'Withdrawals' }).click();
  await expect(row.getByRole('cell', { name })).toBeVisible();
  await expect(row.getByRole('link')).toHaveCount(0);
});
