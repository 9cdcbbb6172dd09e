import fs from 'node:fs';
import { expect, test } from '../support/fixtures';
import { Reviewer } from '../support/reviewer';
import { assetsOf, openTask, pickProofPictures, pictureChooser, startToProof, stepOf, stepUrl, stubOutsidePages, taskCard, taskTitled, uploadProof, visitOutsidePage } from '../support/tasks';

// One earner and the seeded reviewer, each kind whose proof is reviewed: do the steps in the
// browser, upload, and let the reviewer decide through the reviewer API.

test('audit task: a failed review shows its reason, the re-upload passes and is credited exactly once', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Follow our official page');
  const reviewer = await Reviewer.signIn(request);
  const before = await assetsOf(request, earner.token);

  await openTask(page, task);
  await startToProof(page, task);
  await uploadProof(page, task);
  expect((await assetsOf(request, earner.token)).pending).toBe(before.pending + task.reward);

  const first = await reviewer.pendingOf(String(earner.userInfo.thirdUserId), task.id);
  await reviewer.fail(first.id, 'The page name is not visible');
  await taskCard(page, task.title).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Review failed' })).toBeVisible();
  await expect(page.getByText('The page name is not visible')).toBeVisible();
  await page.getByRole('link', { name: 'Upload again' }).click();
  // The reason stands once, in the status; the history lists the failed submission without repeating it.
  const failedHistory = page.getByRole('region', { name: 'Your submissions' });
  await expect(failedHistory.getByText('Review failed')).toBeVisible();
  await expect(failedHistory.getByRole('img')).toHaveCount(1);
  await expect(page.getByText('The page name is not visible')).toHaveCount(1);
  await uploadProof(page, task);

  const second = await reviewer.pendingOf(String(earner.userInfo.thirdUserId), task.id);
  expect(second.id).not.toBe(first.id);
  // Two passes of the same submission (a double click, a second reviewer) credit once.
  await Promise.all([reviewer.pass(second.id), reviewer.pass(second.id)]);
  const after = await assetsOf(request, earner.token);
  expect(after.balance - before.balance).toBe(task.reward);
  expect(after.pending).toBe(before.pending);

  await taskCard(page, task.title).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible();
  await page.goto(stepUrl(task, stepOf(task, 'proof')));
  const history = page.getByRole('region', { name: 'Your submissions' });
  await expect(history.getByText('The page name is not visible')).toBeVisible();
  await expect(history.getByRole('img')).toHaveCount(2);
});

test("a reason the reviewer picked from the presets reads in the earner's language, the reviewer's own words after it", async ({ signedInPage: page, earner, request }) => {
  const pages = (language: string) =>
    JSON.parse(fs.readFileSync(new URL(`../../remote-tasks/src/locales/pages/${language}.json`, import.meta.url), 'utf8')) as { failPresets: Record<string, string> };
  // The console's second preset, which the English texts repeat word for word.
  const preset = pages('en-US').failPresets['2']!;
  const task = await taskTitled(request, earner.token, 'Follow our official page');
  const reviewer = await Reviewer.signIn(request);
  await openTask(page, task);
  await startToProof(page, task);
  await uploadProof(page, task);
  const submitted = await reviewer.pendingOf(String(earner.userInfo.thirdUserId), task.id);
  await reviewer.fail(submitted.id, `${preset}. Show the whole page`);

  await page.evaluate(() => localStorage.setItem('language', 'ur-PK'));
  await page.goto(`/taskDetail?taskId=${task.id}&taskType=${task.kind}`);
  const reason = page.getByText(pages('ur-PK').failPresets['2']!);
  await expect(reason).toBeVisible();
  await expect(reason).toContainText('Show the whole page');
  await expect(page.getByText(preset)).toHaveCount(0);
});

test('Submit tapped while the picture is still uploading waits for it, then sends', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Follow our official page');
  // The server's answer to the upload is held until Submit has been tapped: every byte is sent,
  // the server has not answered yet (as on a busy server or a slow link).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/app/upload/image', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });

  await openTask(page, task);
  await startToProof(page, task);
  await pickProofPictures(page);
  // While the server has not answered, the words and the bar tell one figure ("Uploading… 40%" over a
  // bar 40 % full, or "Processing…" over a full one once every byte is sent), never "100 %" beside half a bar.
  const bar = page.getByRole('progressbar', { name: 'Upload of Picture 1' });
  await expect(bar).toHaveAttribute('aria-valuetext', /^(Uploading… \d+%|Processing…)$/);
  const shown = await bar.evaluate((el) => ({
    now: el.getAttribute('aria-valuenow'),
    text: el.getAttribute('aria-valuetext'),
    fill: (el.firstElementChild as HTMLElement).style.inlineSize,
    line: el.nextElementSibling?.textContent,
  }));
  expect(shown.text === `Uploading… ${shown.now}%` || (shown.now === '100' && shown.text === 'Processing…')).toBe(true);
  expect(shown.fill).toBe(`${shown.now}%`);
  expect(shown.line).toBe(shown.text);
  await page.getByRole('button', { name: 'Submit' }).click();
  const waiting = page.getByRole('button', { name: 'Sending when the upload finishes…' });
  await expect(waiting).toBeDisabled();
  await expect(waiting).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Please wait until the pictures are uploaded.')).toHaveCount(0);

  release();
  await expect(page).toHaveURL(`/home?taskType=${task.kind}`);
  await expect(taskCard(page, task.title).getByText('Under review')).toBeVisible();
});

test('join-group task: open the group, confirm, prove it; the pass credits once', async ({ signedInPage: page, earner, request }) => {
  await stubOutsidePages(page);
  const task = await taskTitled(request, earner.token, 'Join our community group');
  const reviewer = await Reviewer.signIn(request);
  const before = await assetsOf(request, earner.token);

  await openTask(page, task);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(stepUrl(task, stepOf(task, 'open')));
  await visitOutsidePage(page, /Open the group/, /^https:\/\/t\.me\//);
  await page.getByRole('button', { name: 'I have joined' }).click();
  await uploadProof(page, task);

  await reviewer.pass((await reviewer.pendingOf(String(earner.userInfo.thirdUserId), task.id)).id);
  expect((await assetsOf(request, earner.token)).balance - before.balance).toBe(task.reward);
});

// Each task that asks for something on another page gives that page: Open (a new tab), then "I've
// done it", then the proof.
for (const [title, pictures] of [
  ['Sign up on a partner site', 1],
  ['Install the partner notes app', 1],
  ['Follow our official page', 1],
  ['Review a partner app honestly', 2],
] as const) {
  test(`open-then-prove task "${title}": open the target, confirm, prove it; the pass credits once`, async ({ signedInPage: page, earner, request }) => {
    await stubOutsidePages(page);
    const task = await taskTitled(request, earner.token, title);
    const reviewer = await Reviewer.signIn(request);
    const before = await assetsOf(request, earner.token);

    await openTask(page, task);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page).toHaveURL(stepUrl(task, stepOf(task, 'open')));
    // The open step, then the proof: the proof page is not reached before Done.
    await expect(page.getByRole('button', { name: "I've done it" })).toBeVisible();
    await expect(pictureChooser(page, pictures)).toHaveCount(0);
    await visitOutsidePage(page, /^Open/, /^https:\/\/example\.(com|org)\//);
    await page.getByRole('button', { name: "I've done it" }).click();
    await uploadProof(page, task, pictures);

    await reviewer.pass((await reviewer.pendingOf(String(earner.userInfo.thirdUserId), task.id)).id);
    expect((await assetsOf(request, earner.token)).balance - before.balance).toBe(task.reward);
  });
}

test("status task: the proof page shows the earner's own invitation link, and Copy copies it whole", async ({ signedInPage: page, earner, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const task = await taskTitled(request, earner.token, 'Post Grab on your status');
  // The link of the Team tab: the register page with this earner's code.
  const team = await request.post('/app/user/shareInfo', { data: {}, headers: { authorization: `Bearer ${earner.token}` } });
  const { shareLink } = ((await team.json()) as { data: { shareLink: string } }).data;
  const code = earner.userInfo.inviteCode;
  expect(shareLink).toMatch(new RegExp(`/register\\?shareCode=${code}$`));

  await openTask(page, task);
  await startToProof(page, task);
  const card = page.getByRole('region', { name: 'Your invitation link' });
  await expect(card.getByRole('group', { name: 'Invitation link' })).toContainText(code);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const copy = card.getByRole('button', { name: 'Copy invitation link' });
  await copy.click();
  await expect(copy).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareLink);
  // Then the screenshot of the post goes up as on any proof page.
  await uploadProof(page, task);
});

test('a two-picture task refuses one picture and takes two', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Review a partner app honestly');
  await openTask(page, task);
  await startToProof(page, task);
  // Which two pictures, before any is picked.
  await expect(page.getByText('Your review in the app store')).toBeVisible();
  await expect(page.getByText("The app's page in the store")).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please upload two pictures.' })).toBeVisible();
  await pickProofPictures(page, 1, 2);
  // One picture still wanted: the chooser says so.
  await expect(pictureChooser(page, 1)).toHaveCount(1);
  // The first picture is the review; the page still names the one it waits for.
  const first = page.getByRole('listitem').filter({ has: page.getByRole('progressbar', { name: 'Upload of Picture 1' }) });
  await expect(first.getByText('Your review in the app store')).toBeVisible();
  await page.getByRole('button', { name: /^Remove/ }).click();
  await uploadProof(page, task, 2);
});
