// Takes phone-sized screenshots of every screen of a running Grab (default http://127.0.0.1:8080),
// for a person to look at: `node e2e/screenshots.mjs [baseURL] [outDir]`. Not a test.
// The server must run with GRAB_TEST_HOOKS=1 (and a throw-away DATA_DIR): the withdrawal screens
// are reached by crediting the demo earner through the test hook, which a real server refuses.
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { screenshotPng } from './support/images.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = path.resolve(process.argv[3] ?? 'test-results/screens');
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function session(language) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: base });
  const page = await context.newPage();
  await page.route('https://connect.facebook.net/**', (route) => route.abort());
  if (language) await page.addInitScript((key) => localStorage.setItem('language', key), language);
  return { context, page };
}

async function shot(page, name, { fullPage = false } = {}) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
  process.stdout.write(`${name}.png\n`);
}

const phone = `98${String(Date.now()).slice(-8)}`;
const password = 'grab-pass-2026';
const register = await (await fetch(`${base}/public/user/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ country: 'IN', phone, password, rePassword: password, inviteCode: 'ROOT01' }),
})).json();
const { token, userInfo } = register.data;

async function api(pathname, init = {}) {
  const response = await fetch(`${base}${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  });
  return (await response.json()).data;
}
const tasks = await api('/app/task/list');
const byTitle = (title) => tasks.find((t) => t.title === title);
const stepPage = (task, action) => {
  const step = task.taskBranchList.find((s) => s.action === action);
  return `${step.h5Url}?taskType=${task.kind}&taskId=${task.id}&id=${step.id}`;
};
const audit = byTitle('Follow our official page');
const join = byTitle('Join our community group');
const share = byTitle('Share Grab with a friend');
const locked = byTitle('Try the partner fitness app');
const code = byTitle('Redeem a gift code');
// The share page shows the link of a started run.
await api('/app/task/leading-task', { method: 'POST', body: JSON.stringify({ taskId: share.id }) });
// Wallet screens with something in them: points (through the test hook),
// a UPI recipient past its cooling-off, and one withdrawal.
const credited = await fetch(`${base}/test/credit`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ points: 520_000, key: `shots-${phone}` }),
});
if (!credited.ok) throw new Error(`${base} has no test hooks (HTTP ${credited.status}): start it with GRAB_TEST_HOOKS=1 and a throw-away DATA_DIR`);
const [upi] = await api('/app/pay/institutionList?method=upi');
const recipient = await api('/app/pay/userRecipientSave', { method: 'POST', body: JSON.stringify({ method: 'upi', institutionId: upi.id, name: 'Asha Kumari', account: 'asha.k@okbank' }) });
await api('/test/clock', { method: 'POST', body: JSON.stringify({ offsetMs: 25 * 3_600_000 }) });
await api('/app/pay/pay-withdraw', { method: 'POST', body: JSON.stringify({ amount: 100, recipientId: recipient?.id ?? 0, idempotencyKey: `shots${phone}withdrawal` }) });
// A team with something in it: one friend whose rebate waits for their first approved audit task,
// one whose rebate was released by it. Rewards are passed by the demo reviewer.
const reviewer = await (await fetch(`${base}/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ country: 'IN', phone: '9000000001', password: 'grab-review-2026' }),
})).json();
async function friendEarns(n, titles) {
  const friendPhone = `97${String(Date.now() + n).slice(-8)}`;
  const joined = await (await fetch(`${base}/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${40 + n}` },
    body: JSON.stringify({ country: 'IN', phone: friendPhone, password, rePassword: password, inviteCode: userInfo.inviteCode }),
  })).json();
  const as = { authorization: `Bearer ${joined.data.token}` };
  const friendTasks = await (await fetch(`${base}/app/task/list`, { headers: as })).json();
  for (const title of titles) {
    const task = friendTasks.data.find((t) => t.title === title);
    const step = async (body) =>
      (await (await fetch(`${base}/app/task/leading-task`, { method: 'POST', headers: { ...as, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()).data;
    let answer = await step({ taskId: task.id });
    while (answer?.next) {
      let pictures;
      if (answer.next.action === 'proof') {
        // One picture proves one submission: each friend's has its own colour.
        const bytes = screenshotPng(360, 640, [40 * n, 120, 200 - 20 * titles.indexOf(title)]);
        const upload = await (await fetch(`${base}/app/upload/image`, { method: 'POST', headers: { ...as, 'content-type': 'image/png' }, body: bytes })).json();
        pictures = [upload.data.id];
      }
      answer = await step({ taskId: task.id, stepId: answer.next.id, pictures });
    }
    const list = await (await fetch(`${base}/admin/review/list?status=underReview&page=1`, { headers: { authorization: `Bearer ${reviewer.data.token}` } })).json();
    const item = list.data.list.find((i) => i.earnerId === String(joined.data.userInfo.thirdUserId) && i.taskId === task.id);
    await fetch(`${base}/admin/review/pass`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reviewer.data.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ submissionId: item.id }),
    });
  }
}
await friendEarns(1, ['Sign up on a partner site', 'Follow our official page']);
await friendEarns(2, ['Install the partner notes app']);
const walletScreens = [
  ['/withdrawal', 'withdrawal'],
  ['/withdrawalOrders', 'withdrawal-orders'],
  ['/earningsDetails', 'earnings'],
  ['/offers', 'offers'],
];
const taskScreens = [
  [`/taskDetail?taskId=${audit.id}&taskType=${audit.kind}`, 'task-detail'],
  [stepPage(audit, 'proof'), 'task-audit'],
  [stepPage(join, 'open'), 'task-join-group'],
  [stepPage(share, 'share'), 'task-share'],
  [`/taskDetail?taskId=${locked.id}&taskType=${locked.kind}`, 'task-locked'],
  [`/taskDetail?taskId=${code.id}&taskType=${code.kind}`, 'task-redeem'],
];

let messagingNumbers = 0;
/** /wsTask: the form, the send window while the code travels, then verified (the demo simulator sends it), and 200 % text. */
async function messagingScreens(page, suffix) {
  messagingNumbers += 1;
  await page.goto('/wsTask');
  await page.getByRole('button').filter({ hasText: /./ }).first().waitFor();
  await shot(page, `ws-form${suffix}`, { fullPage: true });
  await page.locator('input[type="tel"]').fill(`97${String(Date.now()).slice(-7)}${messagingNumbers}`);
  await page.locator('form button[type="submit"]').click();
  const window_ = page.getByRole('dialog');
  await window_.waitFor();
  await shot(page, `ws-waiting${suffix}`, { fullPage: true });
  await window_.locator('button').nth(1).click();
  await window_.waitFor({ state: 'hidden' });
  await shot(page, `ws-verified${suffix}`, { fullPage: true });
  await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  await shot(page, `ws-zoom200${suffix}`, { fullPage: true });
}

for (const language of ['en-US', 'ur-PK', 'hi-IN']) {
  const suffix = language === 'en-US' ? '' : `-${language}`;
  const anon = await session(language);
  await anon.page.goto('/login');
  await shot(anon.page, `login${suffix}`);
  await anon.page.goto(`/register?shareCode=${userInfo.inviteCode}`);
  await anon.page.getByTestId('inviter').waitFor();
  await shot(anon.page, `register-inviter${suffix}`);
  if (language === 'en-US') {
    await anon.page.goto('/login');
    await anon.page.getByRole('button', { name: 'Log in' }).click();
    await shot(anon.page, 'login-errors');
    await anon.page.goto('/register?shareCode=ROOT01');
    await shot(anon.page, 'register');
    await anon.page.getByRole('button', { name: 'Register' }).click();
    await shot(anon.page, 'register-errors');
  }
  await anon.context.close();

  const signed = await session(language);
  await signed.page.addInitScript(([t, u]) => {
    localStorage.setItem('token', t);
    localStorage.setItem('userInfo', u);
  }, [token, JSON.stringify(userInfo)]);
  for (const [route, name] of [['/home', 'home'], ['/user', 'user'], ['/team', 'team'], ['/language', 'language'], ...walletScreens, ...taskScreens]) {
    await signed.page.goto(route);
    await shot(signed.page, `${name}${suffix}`);
  }
  // The whole Team and levels pages, the report's message, and the one-time level-up notice.
  await signed.page.goto('/team');
  await signed.page.getByTestId('report-day').first().waitFor();
  await shot(signed.page, `team-full${suffix}`, { fullPage: true });
  const report = signed.page.locator('section').filter({ has: signed.page.locator('input[type="date"]') });
  await report.locator('input[type="date"]').first().fill('');
  await report.locator('button[type="submit"]').click();
  await report.scrollIntoViewIfNeeded();
  await shot(signed.page, `team-report-message${suffix}`);
  await signed.page.goto('/userLevel');
  await shot(signed.page, `user-level-full${suffix}`, { fullPage: true });
  await signed.page.route('**/app/user/level-info', async (route) => {
    const answer = await (await route.fetch()).json();
    await route.fulfill({ json: { ...answer, data: { ...answer.data, unseenLevelUp: 2 } } });
  });
  await signed.page.goto('/userLevel');
  await shot(signed.page, `user-level-notice${suffix}`);
  await signed.page.goto('/team');
  await shot(signed.page, `team-notice${suffix}`);
  await signed.page.unroute('**/app/user/level-info');
  // Text at 200 %: nothing may overflow or be cut.
  await signed.page.goto('/team');
  await signed.page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  await shot(signed.page, `team-zoom200${suffix}`, { fullPage: true });
  // The lucky draw: the day's game with a spin left (English), then after the spin (reduced motion,
  // so the prize shows at once): the prize, "no spins left" and the history; each game, and 200 % text.
  await signed.page.goto('/luckyDraw');
  await signed.page.getByTestId('spins-left').waitFor();
  await signed.page.locator('[data-widget] canvas').waitFor();
  await shot(signed.page, `lucky-draw${suffix}`);
  if (language === 'en-US') {
    await signed.page.emulateMedia({ reducedMotion: 'reduce' });
    await signed.page.locator('[data-widget]').getByRole('button').click();
    await signed.page.getByTestId('draw-won').waitFor();
    await signed.page.emulateMedia({ reducedMotion: null });
  }
  await shot(signed.page, `lucky-draw-full${suffix}`, { fullPage: true });
  for (const [index, game] of ['wheel', 'grid', 'slot'].entries()) {
    await signed.page.locator('fieldset button').nth(index).click();
    await signed.page.locator(`[data-widget="${game}"] canvas`).waitFor();
    await shot(signed.page, `lucky-draw-${game}${suffix}`);
  }
  await signed.page.goto('/luckyDraw');
  await signed.page.getByTestId('spins-left').waitFor();
  await signed.page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  await shot(signed.page, `lucky-draw-zoom200${suffix}`, { fullPage: true });
  await messagingScreens(signed.page, suffix);
  if (language === 'en-US') {
    await signed.page.goto('/user');
    await signed.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(signed.page, 'user-bottom');
    await signed.page.goto('/changePassword');
    await shot(signed.page, 'change-password');
    await signed.page.goto('/withdrawal');
    // The earner's first preset, in whatever currency their phone country is paid in.
    await signed.page.locator('fieldset').first().getByRole('radio').first().check({ force: true });
    await signed.page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await shot(signed.page, 'withdrawal-confirm');
    await signed.page.goto('/withdrawal');
    await signed.page.getByRole('button', { name: 'Change recipient' }).click();
    await signed.page.getByRole('radio', { name: 'Bank', exact: true }).check({ force: true });
    await signed.page.getByRole('button', { name: 'Save recipient' }).click();
    await shot(signed.page, 'withdrawal-recipient-errors');
    await signed.page.goto('/hangTask');
    await shot(signed.page, 'not-supported');
    await signed.page.goto('/language');
    await signed.page.getByRole('radio', { name: 'বাংলা' }).click();
    await shot(signed.page, 'language-confirm');
    await signed.page.keyboard.press('Escape');
    await signed.page.route('**/remotes/tasks/**', (r) => r.abort());
    await signed.page.goto('/home');
    await shot(signed.page, 'remote-failed');
    await signed.page.unroute('**/remotes/tasks/**');
  }
  await signed.context.close();
}
await browser.close();
