import { RegisterPage } from '../pages/auth.pages';
import { TeamPage } from '../pages/team.pages';
import { DEFAULT_PASSWORD, freshPhone, registerEarner } from '../support/earners';
import { expect, test } from '../support/fixtures';
import { Reviewer } from '../support/reviewer';
import { earnReviewedTask, teamMask } from '../support/team';

// An inviter and a friend, the friend's rewards passed by the seeded reviewer. A reward that is not
// an audit task ("Sign up on a partner site", 100 points) brings the inviter a 3 % rebate that is
// held; the friend's first approved audit task ("Follow our official page", 3 points) releases it
// and pays its own rebate at once: 3 + 0.09 points.

const PHONE_VIEWPORT = { width: 390, height: 844 };
// The friend is on another network than the inviter, through the local proxy the e2e server trusts.
const FRIEND_NETWORK = { 'x-forwarded-for': '198.51.100.31' };

test('a friend invited by link: named inviter, held rebate, released by the first approved audit task, then listed, reported and on the way to the next level', async ({
  signedInPage: page,
  earner: inviter,
  request,
  browser,
  context,
}) => {
  const code = inviter.userInfo.inviteCode;
  // Like most desktop browsers, this one has no share sheet: Share copies the link.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  const team = new TeamPage(page);
  await team.goto();
  await expect(team.invite.getByRole('group', { name: 'Invitation code' })).toContainText(code);
  await team.invite.getByRole('button', { name: 'Share invitation' }).click();
  await expect(page.getByText('Link copied. Paste it in a chat to invite a friend.')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/register\\?shareCode=${code}$`));

  // The link as shown never breaks mid-word: one shortened line that keeps the host and the code.
  // Copy takes the whole link, and says so on the button itself.
  const linkRow = team.invite.getByRole('group', { name: 'Share link' });
  const shown = linkRow.locator('[dir="ltr"]');
  await expect(shown).toHaveText(new RegExp(`^[\\w.-]+(:\\d+)?/…${code}$`));
  // On one line, and the code at its end is never the part cut off.
  expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).whiteSpace === 'nowrap')).toBe(true);
  const tail = shown.getByText(`/…${code}`, { exact: true });
  expect(await tail.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const copyLink = linkRow.getByRole('button', { name: 'Copy share link' });
  await copyLink.click();
  await expect(copyLink).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(copyLink).toHaveText('Copy', { timeout: 10_000 });

  const friendContext = await browser.newContext({ viewport: PHONE_VIEWPORT, extraHTTPHeaders: FRIEND_NETWORK });
  try {
    const friendPage = await friendContext.newPage();
    await friendPage.goto(link);
    const register = new RegisterPage(friendPage);
    await expect(friendPage.getByTestId('inviter')).toHaveText(`Invited by${teamMask(inviter.phone)}LV1`);
    await expect(register.inviteCode).toHaveValue(code);
    const phone = freshPhone();
    await register.register({ phone, password: DEFAULT_PASSWORD });
    await expect(friendPage).toHaveURL('/home');
    const friend = await friendPage.evaluate(() => ({
      token: localStorage.getItem('token') ?? '',
      thirdUserId: String((JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { thirdUserId?: string }).thirdUserId),
    }));

    const reviewer = await Reviewer.signIn(request);
    await earnReviewedTask(request, reviewer, friend, 'Sign up on a partner site');
    await page.reload();
    await expect(team.heldBonus).toContainText('Held bonus 3 points');
    await expect(team.heldBonus).toContainText("Waiting for the invitee's first approved audit task.");
    await expect(team.figure('Total bonus')).toHaveText('0 points');
    await expect(team.figure('Direct invitees')).toHaveText('1');
    const invitee = team.invitees.getByTestId('invitee').filter({ hasText: teamMask(phone) });
    await expect(invitee).toContainText('3 points held');

    await earnReviewedTask(request, reviewer, friend, 'Follow our official page');
    await page.reload();
    await expect(team.figure('Total bonus')).toHaveText('3.09 points');
    await expect(team.figure("Today's bonus")).toHaveText('3.09 points');
    await expect(team.figure('Direct bonus')).toHaveText('3.09 points');
    await expect(team.heldBonus).toHaveCount(0);
    await expect(invitee).toContainText('Earned you 3.09 points');
    await expect(invitee).not.toContainText('held');
    const today = team.reportDay(/^Today/);
    await expect(today).toContainText('Registered users1');
    await expect(today).toContainText('Online users1');
    await expect(today).toContainText('Online points103 points');

    // The friend's 103 task points of the 500 that LV2 asks for.
    await friendPage.goto('/userLevel');
    const points = friendPage.getByRole('progressbar', { name: 'Task points' });
    await expect(points).toHaveAttribute('aria-valuetext', '103\u00a0points of 500\u00a0points');
    await expect(points).toHaveAttribute('aria-valuenow', '20');
    await expect(friendPage.getByRole('listitem').filter({ has: friendPage.getByRole('heading', { name: 'LV1', exact: true }) })).toHaveAttribute('aria-current', 'true');
  } finally {
    await friendContext.close();
  }

  // The inviter reaches the levels from the Team page.
  await page.getByRole('link', { name: 'Levels and rights', exact: true }).click();
  await expect(page).toHaveURL('/userLevel');
  await expect(page.getByRole('progressbar', { name: 'Task points' })).toHaveAttribute('aria-valuetext', '0\u00a0points of 500\u00a0points');
  await expect(page.getByText('Not needed for this level')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Active invitees' })).toHaveCount(0);
});

test('in Urdu, right to left: the held bonus with its reason, and the report asks for dates and refuses too many days', async ({ signedInPage: page, earner: inviter, request }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'ur-PK'));
  const friend = await registerEarner(request, inviter.userInfo.inviteCode);
  const reviewer = await Reviewer.signIn(request);
  await earnReviewedTask(request, reviewer, { token: friend.token, thirdUserId: String(friend.userInfo.thirdUserId) }, 'Sign up on a partner site');

  await page.goto('/team');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'دوستوں کو مدعو کریں' })).toBeVisible();
  const held = page.getByTestId('held-bonus');
  await expect(held).toContainText('روکا گیا بونس');
  await expect(held).toContainText('مدعو شخص کے پہلے منظور شدہ آڈٹ ٹاسک کا انتظار ہے۔');
  await expect(page.getByTestId('invitee').filter({ hasText: teamMask(friend.phone) })).toContainText('روکے گئے');

  const report = page.getByRole('region', { name: 'ایجنٹ رپورٹ' });
  const start = report.getByLabel('شروع کی تاریخ');
  const search = report.getByRole('button', { name: 'تلاش کریں' });
  await start.fill('');
  await search.click();
  await expect(report.getByRole('alert')).toHaveText('براہِ کرم تلاش کے لیے مدت منتخب کریں');
  await expect(start).toHaveAttribute('aria-invalid', 'true');

  const today = new Date();
  const longAgo = new Date(today.getTime() - 40 * 86_400_000);
  await start.fill(longAgo.toISOString().slice(0, 10));
  await search.click();
  await expect(report.getByRole('alert')).toHaveText('31 دن سے زیادہ منتخب نہ کریں');

  await page.getByRole('link', { name: 'لیول اور حقوق', exact: true }).click();
  await expect(page).toHaveURL('/userLevel');
  await expect(page.getByRole('heading', { level: 1, name: 'لیول' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'ٹاسک پوائنٹس' })).toBeVisible();
});

test('Copy sits beside the code and the link on a phone, whatever the language calls it', async ({ signedInPage: page }) => {
  await page.goto('/team');
  // Each language's key, as the app stores it, and the tag it writes on the page once it speaks it.
  const languages = { 'en-US': 'en-US', 'hi-IN': 'hi-IN', 'hi-IND': 'id-ID', 'br-BR': 'es-419', 'ur-PK': 'ur-PK', 'bn-BD': 'bn-BD', 'ph-PH': 'fil-PH', 'ng-HA': 'ha-NG' };
  for (const [language, tag] of Object.entries(languages)) {
    await page.evaluate((key) => localStorage.setItem('language', key), language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    const rows = page.locator('.g-copy-row');
    await expect(rows).toHaveCount(2);
    // The button's middle is within the value's line: one row, not the button under the value.
    const besideValue = await rows.evaluateAll((all) =>
      all.map((row) => {
        const value = row.querySelector('.g-copy-value')?.getBoundingClientRect();
        const button = row.querySelector('button')?.getBoundingClientRect();
        return Boolean(value && button && button.top < value.bottom && value.top < button.bottom);
      }),
    );
    expect(besideValue, language).toEqual([true, true]);
  }
});
