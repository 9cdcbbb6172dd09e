import type { Locator, Page } from '@playwright/test';

/** The Team tab (`/team`), by what an earner reads on it. */
export class TeamPage {
  readonly invite: Locator;
  readonly data: Locator;
  readonly invitees: Locator;
  readonly report: Locator;

  constructor(readonly page: Page) {
    this.invite = page.getByRole('region', { name: 'Your invitation' });
    this.data = page.getByRole('region', { name: 'Invitation data' });
    this.invitees = page.getByRole('region', { name: 'Your invitees' });
    this.report = page.getByRole('region', { name: 'Agent report' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/team');
    await this.data.waitFor();
  }

  /** The value of one figure of the invitation data. */
  figure(label: string): Locator {
    return this.data.locator('.g-figure', { has: this.page.getByText(label, { exact: true }) }).locator('dd');
  }

  get heldBonus(): Locator {
    return this.page.getByTestId('held-bonus');
  }

  /** The report's card of the day whose title starts with `title` ("Today, …"). */
  reportDay(title: RegExp): Locator {
    return this.report.getByRole('article', { name: title });
  }
}
