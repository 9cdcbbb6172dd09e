import type { Locator, Page } from '@playwright/test';

/** The login page (`/login`, route name loginPage). */
export class LoginPage {
  readonly phone: Locator;
  readonly password: Locator;
  readonly country: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.country = page.getByLabel('Country');
    this.phone = page.getByLabel('Phone number');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Log in' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/login${query}`);
    await this.submit.waitFor();
  }

  async logIn(phone: string, password: string, country = 'IN'): Promise<void> {
    await this.country.selectOption(country);
    await this.phone.fill(phone);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** The register page (`/register`). */
export class RegisterPage {
  readonly country: Locator;
  readonly phone: Locator;
  readonly password: Locator;
  readonly rePassword: Locator;
  readonly inviteCode: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.country = page.getByLabel('Country');
    this.phone = page.getByLabel('Phone number');
    this.password = page.getByLabel('Password', { exact: true });
    this.rePassword = page.getByLabel('Repeat password');
    this.inviteCode = page.getByLabel('Invitation code');
    this.submit = page.getByRole('button', { name: 'Register' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/register${query}`);
    await this.submit.waitFor();
  }

  async register(fields: { phone: string; password: string; rePassword?: string; inviteCode?: string; country?: string }): Promise<void> {
    await this.country.selectOption(fields.country ?? 'IN');
    await this.phone.fill(fields.phone);
    await this.password.fill(fields.password);
    await this.rePassword.fill(fields.rePassword ?? fields.password);
    if (fields.inviteCode !== undefined) await this.inviteCode.fill(fields.inviteCode);
    await this.submit.click();
  }
}

/** The change-password page (`/changePassword`). */
export class ChangePasswordPage {
  readonly oldPassword: Locator;
  readonly password: Locator;
  readonly rePassword: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.oldPassword = page.getByLabel('Old password');
    this.password = page.getByLabel('New password');
    this.rePassword = page.getByLabel('Repeat password');
    this.submit = page.getByRole('button', { name: 'Change password' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/changePassword');
    await this.submit.waitFor();
  }
}
