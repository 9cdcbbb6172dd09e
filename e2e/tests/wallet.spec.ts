import type { APIRequestContext, Page } from '@playwright/test';
import type { Earner } from '../support/earners';
import { expect, signIn, test } from '../support/fixtures';
import { cutOrSideways, withDoubleText } from '../support/accessibility';
import { loseFirstAnswer } from '../support/network';

// The money-out path in a real browser, against the real server and its local payout simulator
// (it pays after a few seconds, and refuses accounts ending in 0000).

/** A payout takes the simulator seconds; the orders page asks again every 5 s. A person waits that long. */
const PAYOUT_WAIT_MS = 45_000;
const DAY_AND_AN_HOUR_MS = 25 * 3_600_000;

async function api<T>(request: APIRequestContext, earner: Earner, path: string, data?: object): Promise<T> {
  const headers = { authorization: `Bearer ${earner.token}` };
  const response = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** Points for a withdrawal, through the ledger (a test hook: the task catalogue is covered elsewhere). */
function credit(request: APIRequestContext, earner: Earner, points: number) {
  return api(request, earner, '/test/credit', { points: points * 100, key: `e2e-${earner.userInfo.id}-${points}` });
}

/** The earner's clock a day on: the recipient's cooling-off has passed for them alone. */
function afterCoolingOff(request: APIRequestContext, earner: Earner) {
  return api(request, earner, '/test/clock', { offsetMs: DAY_AND_AN_HOUR_MS });
}

async function saveUpiRecipient(request: APIRequestContext, earner: Earner, vpa: string) {
  const [upi] = await api<{ id: number }[]>(request, earner, '/app/pay/institutionList?method=upi');
  await api(request, earner, '/app/pay/userRecipientSave', { method: 'upi', institutionId: upi?.id, name: 'Asha Kumari', account: vpa });
}

/**
 * Picks the ₹100 preset (an Indian number is paid in rupees, though the browser speaks English),
 * checks the confirm step's figures, confirms, and lands on the orders. At the seeded 0.085 rupees a
 * point, ₹100 is 1,176.48 points rounded up, and the 2 % fee brings it to 1,200 (a fee of 23.52).
 */
async function withdrawHundredRupees(page: Page) {
  await page.goto('/withdrawal');
  await page.getByRole('radio', { name: '₹100.00' }).check({ force: true });
  await expect(page.getByTestId('quote')).toHaveText('1,176.48 points + 23.52 points fee = 1,200 points');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const confirm = page.getByRole('region', { name: 'Check and confirm' });
  await expect(confirm).toContainText('Amount₹100.00');
  await expect(confirm).toContainText('Points consumed1,176.48 points');
  await expect(confirm).toContainText('Fee23.52 points');
  await expect(confirm).toContainText('Total points1,200 points');
  await expect(confirm).toContainText('Points remaining3,900 points');
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page).toHaveURL('/withdrawalOrders');
}

test.describe('withdrawals', () => {
  test('withdraw to UPI: the recipient waits out its cooling-off, the simulator pays, the order succeeds and the balance fell', async ({ signedInPage: page, earner, request }) => {
    await credit(request, earner, 5_000);
    await page.goto('/withdrawal');
    // The 100-point welcome bonus stays locked until a first approved task; the rest can go.
    await expect(page.getByTestId('withdrawable')).toHaveText('5,000 points');

    // A first recipient, through the form.
    await page.getByRole('radio', { name: 'UPI', exact: true }).check({ force: true });
    await page.getByLabel('Name').fill('Asha Kumari');
    await page.getByLabel('UPI ID').fill('asha.k@okbank');
    await page.getByRole('button', { name: 'Save recipient' }).click();
    await expect(page.getByText('as•••@okbank')).toBeVisible();
    // New recipients wait a day before money can go to them, and the page says until when.
    await expect(page.getByRole('status').filter({ hasText: 'can receive money from' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();

    await afterCoolingOff(request, earner);
    await withdrawHundredRupees(page);
    const order = page.getByTestId('order').first();
    await expect(order).toContainText('₹100.00');
    await expect(order).toContainText('as•••@okbank');
    await expect(order).toContainText('In progress');

    // The in-progress list asks again every few seconds: the order leaves it once paid.
    await expect(page.getByTestId('order')).toHaveCount(0, { timeout: PAYOUT_WAIT_MS });
    await page.getByRole('button', { name: 'Success' }).click();
    await expect(page.getByTestId('order').first()).toContainText('Success');
    await expect(page.getByTestId('order').first()).toContainText('Decided');

    await page.goto('/user');
    await expect(page.getByTestId('balance')).toHaveText('3,900 points');
    // The balance card says where the last withdrawal stands, and opens its tab of the orders.
    const last = page.getByTestId('last-withdrawal');
    await expect(last).toContainText('Success');
    await expect(last).toContainText('₹100.00');
    await last.click();
    await expect(page).toHaveURL('/withdrawalOrders?status=success');
    await expect(page.getByRole('button', { name: 'Success' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('order').first()).toContainText('as•••@okbank');
    await page.goto('/earningsDetails');
    await page.getByRole('button', { name: 'Withdrawals' }).click();
    await expect(page.getByTestId('entry').first()).toContainText('−1,200');
  });

  test('an account ending in 0000 fails with its reason, and every point comes back', async ({ signedInPage: page, earner, request }) => {
    await credit(request, earner, 5_000);
    await saveUpiRecipient(request, earner, 'test0000@okbank');
    await afterCoolingOff(request, earner);
    await withdrawHundredRupees(page);
    await page.getByRole('button', { name: 'Failed' }).click();
    await expect(async () => {
      await page.getByRole('button', { name: 'In progress' }).click();
      await page.getByRole('button', { name: 'Failed' }).click();
      await expect(page.getByTestId('failure-reason')).toHaveText('Reason: The bank refused this account. Check the number and try again', { timeout: 2_000 });
    }).toPass({ timeout: PAYOUT_WAIT_MS });
    await expect(page.getByTestId('order').first()).toContainText('1,200 points returned to your balance');
    await page.goto('/user');
    await expect(page.getByTestId('balance')).toHaveText('5,100 points');
    await expect(page.getByTestId('last-withdrawal')).toContainText('Failed');
  });

  test('an answer lost on the way back: the page says a second tap is safe, and the second tap, even after leaving the page, makes no second order', async ({ signedInPage: page, earner, request }) => {
    // ₹2,000 waits for a payout operator (the seeded rules), so the order is still in progress however
    // long the second tap takes on a busy phone: the simulator would have paid ₹100 within seconds.
    // Enough for two, so that the page would let a second order through if the key did not stop it.
    await credit(request, earner, 50_000);
    await saveUpiRecipient(request, earner, 'asha.lost@okbank');
    await afterCoolingOff(request, earner);
    // The server takes the first Confirm and makes the order; its answer never reaches the phone.
    await loseFirstAnswer(page, '**/app/pay/pay-withdraw');
    await page.goto('/withdrawal');
    await page.getByRole('radio', { name: '₹2,000.00' }).check({ force: true });
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const confirmButton = page.getByRole('button', { name: 'Confirm withdrawal' });
    await confirmButton.click();
    await expect(page.getByTestId('unanswered')).toHaveText(/may not have been sent.*never made twice/);
    await expect(page).toHaveURL('/withdrawal');
    // The earner leaves (a reload of the tab) and comes back to withdraw the same amount again.
    await page.goto('/user');
    await expect(page.getByTestId('balance')).toBeVisible();
    await page.goto('/withdrawal');
    await page.getByRole('radio', { name: '₹2,000.00' }).check({ force: true });
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByTestId('unanswered')).toBeVisible();
    await confirmButton.click();
    await expect(page).toHaveURL('/withdrawalOrders');
    await expect(page.getByTestId('order')).toHaveCount(1);
    await expect(page.getByTestId('order')).toContainText('₹2,000.00');
    const orders = await api<{ total: number }>(request, earner, '/app/pay/withdraw-log', { page: 1, pageSize: 20 });
    expect(orders.total).toBe(1);
    await page.goto('/user');
    // 50,100 points less ₹2,000's 24,000, held once.
    await expect(page.getByTestId('balance')).toHaveText('26,100 points');
  });

  test('says how many points are missing, keeps the locked bonus apart, and asks for an amount', async ({ signedInPage: page, earner, request }) => {
    await saveUpiRecipient(request, earner, 'asha.k@okbank');
    await afterCoolingOff(request, earner);
    await page.goto('/withdrawal');
    await expect(page.getByText('welcome bonus: withdrawable after your first approved task')).toBeVisible();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please select an amount' })).toBeVisible();
    await page.getByRole('radio', { name: '₹100.00' }).check({ force: true });
    await expect(page.getByTestId('shortfall')).toHaveText('Insufficient balance: you need 1,200 more withdrawable points');
    await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();

    // At 200 % text the note's longest word ("withdrawable") still ends inside the note, not in its padding.
    expect(await withDoubleText(page, () => cutOrSideways(page))).toEqual([]);
  });

  test('checks a bank recipient as it is typed: IFSC, account number and card name', async ({ signedInPage: page }) => {
    await page.goto('/withdrawal');
    await page.getByRole('radio', { name: 'Bank', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Save recipient' }).click();
    await expect(page.getByText('Please choose your bank')).toBeVisible();
    // The earner lands on the first message, the bank list, though it registered after the fields below it.
    await expect(page.getByRole('combobox', { name: 'Bank' })).toBeFocused();
    await expect(page.getByText('Please enter the card name')).toBeVisible();
    await expect(page.getByText('Please enter the bank number')).toBeVisible();
    await page.getByRole('combobox', { name: 'Bank' }).selectOption({ label: 'HDFC Bank' });
    await page.getByLabel('Card name (as on the account)').fill('Asha Kumari');
    await page.getByLabel('Bank account number').fill('12ab34');
    await page.getByLabel('IFSC code').fill('HDFC123');
    await page.getByRole('button', { name: 'Save recipient' }).click();
    await expect(page.getByText('Input must be a number')).toBeVisible();
    await expect(page.getByText('Enter correct 11-digit IFSC')).toBeVisible();
    await page.getByLabel('Bank account number').fill('123456789012');
    await page.getByLabel('IFSC code').fill('HDFC0001234');
    await page.getByRole('button', { name: 'Save recipient' }).click();
    await expect(page.getByText('HDFC Bank •••• 9012')).toBeVisible();
    await expect(page.getByText('IFSC HDFC0001234 · HDFC Bank')).toBeVisible();
  });

  test('speaks Urdu right to left, with the orders and earnings pages', async ({ page, earner, request }) => {
    await credit(request, earner, 5_000);
    await page.addInitScript(() => localStorage.setItem('language', 'ur-PK'));
    await signIn(page, earner);
    await page.goto('/withdrawal');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('رقم نکلوائیں');
    await expect(page.getByText('وصول کنندہ محفوظ کریں')).toBeVisible();
    await page.goto('/withdrawalOrders');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نکلوانے کے آرڈر');
    await page.goto('/earningsDetails');
    await expect(page.getByRole('heading', { level: 2, name: 'گزشتہ 14 دن' })).toBeVisible();
  });
});
