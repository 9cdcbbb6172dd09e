import { Shell } from '../pages/shell.pages';
import { expect, test } from '../support/fixtures';

test('a remote that fails to load shows a fallback with retry; the rest keeps working', async ({ signedInPage: page }) => {
  let down = true;
  await page.route('**/remotes/tasks/**', (route) => (down ? route.abort('connectionrefused') : route.continue()));

  await page.goto('/home');
  const shell = new Shell(page);
  await expect(page.getByText('This section could not load')).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  // The tab bar and the other tabs still work while the tasks remote is down.
  await shell.account.click();
  await expect(page).toHaveURL('/user');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await shell.team.click();
  await expect(page).toHaveURL('/team');

  down = false;
  await shell.home.click();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('This section could not load')).toHaveCount(0);
  await expect(page.getByRole('heading').first()).toBeVisible();
});

test('Retry on the page that failed brings the section back at the first tap, although the files hinted for it failed too', async ({ signedInPage: page }) => {
  let down = true;
  await page.route('**/remotes/tasks/**', (route) => (down ? route.abort('connectionrefused') : route.continue()));
  // index.html hints the hall's chunks for /home; with the remote down, those hints fail as well.
  await page.goto('/home');
  await expect(page.getByText('This section could not load')).toBeVisible();

  down = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('This section could not load')).toHaveCount(0);
  await expect(page.getByTestId('progress-summary')).toBeVisible();
});
