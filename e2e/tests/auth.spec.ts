import { ChangePasswordPage, LoginPage, RegisterPage } from '../pages/auth.pages';
import { AccountPage, Shell } from '../pages/shell.pages';
import { DEFAULT_PASSWORD, freshPhone, ROOT_INVITE_CODE, shownIndianNumber } from '../support/earners';
import { expect, test } from '../support/fixtures';

test.describe('register, welcome bonus, login, logout', () => {
  test('a new earner registers with an invitation code, gets 100 points, logs out and in again', async ({ page }) => {
    const phone = freshPhone();
    const register = new RegisterPage(page);
    await register.goto(`?shareCode=${ROOT_INVITE_CODE}`);
    await expect(register.inviteCode).toHaveValue(ROOT_INVITE_CODE);
    await register.register({ phone, password: DEFAULT_PASSWORD });

    await expect(page).toHaveURL('/home');
    await expect(page.getByText('+100 points welcome bonus!')).toBeVisible();

    const shell = new Shell(page);
    await shell.account.click();
    await expect(page).toHaveURL('/user');
    // Written as its country writes it: +91 98765 43210.
    await expect(page.getByText(shownIndianNumber(phone))).toBeVisible();
    await expect(page.getByRole('region', { name: 'My balance' }).getByTestId('balance')).toHaveText('100 points');

    await new AccountPage(page).logout.click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await new LoginPage(page).logIn(phone, DEFAULT_PASSWORD);
    await expect(page).toHaveURL('/home');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('the welcome bonus is paid once: logging in again adds nothing', async ({ page, earner, request }) => {
    await new LoginPage(page).goto();
    await new LoginPage(page).logIn(earner.phone, earner.password);
    await expect(page).toHaveURL('/home');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const info = await (await request.post('/app/user/info', { headers: { Authorization: `Bearer ${token}` }, data: {} })).json();
    expect(info.data.asset).toBe(10000);
  });
});

test.describe('form messages (SPEC §5)', () => {
  test('login: empty fields, an invalid phone, wrong password', async ({ page, earner }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.submit.click();
    await expect(page.getByText('Please enter phone number')).toBeVisible();
    await expect(page.getByText('Please enter password')).toBeVisible();
    await expect(login.phone).toHaveAttribute('aria-invalid', 'true');

    await login.phone.fill('12345');
    await login.password.fill('whatever-1');
    await login.submit.click();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();

    await login.logIn(earner.phone, 'not-the-password');
    await expect(page.getByText('Wrong phone number or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('register: every field rule and the server refusals', async ({ page, earner }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await expect(page.getByText('8 to 64 characters')).toBeVisible();
    await register.submit.click();
    await expect(page.getByText('Please enter phone number')).toBeVisible();
    await expect(page.getByText('Please enter password')).toBeVisible();
    await expect(page.getByText('Please enter re-password')).toBeVisible();
    await expect(page.getByText('Please enter invitation code')).toBeVisible();

    await register.register({ phone: freshPhone(), password: 'short', rePassword: 'short', inviteCode: ROOT_INVITE_CODE });
    await expect(page.getByText('Password must be 8 to 64 characters')).toBeVisible();

    await register.register({ phone: freshPhone(), password: DEFAULT_PASSWORD, rePassword: `${DEFAULT_PASSWORD}x`, inviteCode: ROOT_INVITE_CODE });
    await expect(page.getByText('The two passwords do not match')).toBeVisible();

    await register.register({ phone: freshPhone(), password: DEFAULT_PASSWORD, inviteCode: 'NOPE42' });
    await expect(page.getByText('This invitation code does not exist')).toBeVisible();

    await register.register({ phone: earner.phone, password: DEFAULT_PASSWORD, inviteCode: ROOT_INVITE_CODE });
    await expect(page.getByText('This phone number is already registered')).toBeVisible();
    await expect(page).toHaveURL(/\/register/);
  });

  test('change password: messages, then "log in again", and the old token is revoked', async ({ signedInPage: page, earner, request }) => {
    const form = new ChangePasswordPage(page);
    await form.goto();
    await form.submit.click();
    await expect(page.getByText('Please enter old password')).toBeVisible();

    await form.oldPassword.fill('wrong-old-password');
    await form.password.fill('brand-new-pass-1');
    await form.rePassword.fill('brand-new-pass-1');
    await form.submit.click();
    await expect(page.getByText('The old password is not correct')).toBeVisible();

    await form.oldPassword.fill(earner.password);
    await form.rePassword.fill('brand-new-pass-2');
    await form.submit.click();
    await expect(page.getByText('The two passwords do not match')).toBeVisible();

    await form.rePassword.fill('brand-new-pass-1');
    await form.submit.click();
    await expect(page.getByText('Password changed, log in again')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    const stale = await request.post('/app/user/info', { headers: { Authorization: `Bearer ${earner.token}` }, data: {} });
    expect(stale.status()).toBe(401);

    await new LoginPage(page).logIn(earner.phone, 'brand-new-pass-1');
    await expect(page).toHaveURL('/home');
  });
});

test('a revoked token (HTTP 401) clears local storage and leads to login', async ({ signedInPage: page, earner, request }) => {
  await page.goto('/home');
  // Let Home finish its own calls first, so the next call is the one that meets the revoked token.
  await expect(page.getByRole('heading', { name: 'Task hall' })).toBeVisible();
  const revoked = await request.post('/app/user/logout', { headers: { Authorization: `Bearer ${earner.token}` }, data: {} });
  expect((await revoked.json()).code).toBe(200);

  await new Shell(page).account.click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userInfo')])).toEqual([null, null]);
});
