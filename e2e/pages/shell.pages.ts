import type { Locator, Page } from '@playwright/test';

/** The tab layout every logged-in earner sees: Home, Account, Team. */
export class Shell {
  readonly tabs: Locator;
  readonly home: Locator;
  readonly account: Locator;
  readonly team: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole('navigation', { name: 'Main sections' });
    this.home = this.tabs.getByRole('link', { name: 'Home' });
    this.account = this.tabs.getByRole('link', { name: 'Account' });
    this.team = this.tabs.getByRole('link', { name: 'Team' });
  }

  /** The danger/success toast region (auto-closes after 3000 ms). */
  toast(text: string | RegExp): Locator {
    return this.page.getByText(text);
  }
}

/** The Account page (`/user`). */
export class AccountPage {
  readonly logout: Locator;

  constructor(readonly page: Page) {
    this.logout = page.getByRole('button', { name: 'Log out' });
  }

  menuLink(name: string): Locator {
    return this.page.getByRole('link', { name });
  }
}
