// Takes phone-sized screenshots of every screen of a running Grab (default http://127.0.0.1:8080),
// for a person to look at: `node e2e/screenshots.mjs [baseURL] [outDir]`. Not a test.
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

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

async function shot(page, name) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, `${name}.png`) });
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
// Wallet screens with something in them: points (through the test hook, when the server has it on),
// a UPI recipient past its cooling-off, and one withdrawal.
await api('/test/credit', { method: 'POST', body: JSON.stringify({ points: 520_000, key: `shots-${phone}` }) });
const [upi] = await api('/app/pay/institutionList?method=upi');
const recipient = await api('/app/pay/userRecipientSave', { method: 'POST', body: JSON.stringify({ method: 'upi', institutionId: upi.id, name: 'Asha Kumari', account: 'asha.k@okbank' }) });
await api('/test/clock', { method: 'POST', body: JSON.stringify({ offsetMs: 25 * 3_600_000 }) });
await api('/app/pay/pay-withdraw', { method: 'POST', body: JSON.stringify({ amount: 100, recipientId: recipient?.id ?? 0, idempotencyKey: `shots${phone}withdrawal` }) });
const walletScreens = [
  ['/withdrawal', 'withdrawal'],
  ['/withdrawalOrders', 'withdrawal-orders'],
  ['/earningsDetails', 'earnings'],
];
const taskScreens = [
  [`/taskDetail?taskId=${audit.id}&taskType=${audit.kind}`, 'task-detail'],
  [stepPage(audit, 'proof'), 'task-audit'],
  [stepPage(join, 'open'), 'task-join-group'],
  [stepPage(share, 'share'), 'task-share'],
  [`/taskDetail?taskId=${locked.id}&taskType=${locked.kind}`, 'task-locked'],
  [`/taskDetail?taskId=${code.id}&taskType=${code.kind}`, 'task-redeem'],
];

for (const language of ['en-US', 'ur-PK', 'hi-IN']) {
  const suffix = language === 'en-US' ? '' : `-${language}`;
  const anon = await session(language);
  await anon.page.goto('/login');
  await shot(anon.page, `login${suffix}`);
  if (language === 'en-US') {
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
  if (language === 'en-US') {
    await signed.page.goto('/user');
    await signed.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(signed.page, 'user-bottom');
    await signed.page.goto('/changePassword');
    await shot(signed.page, 'change-password');
    await signed.page.goto('/withdrawal');
    await signed.page.getByRole('radio', { name: '$2.00' }).check({ force: true });
    await signed.page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await shot(signed.page, 'withdrawal-confirm');
    await signed.page.goto('/withdrawal');
    await signed.page.getByRole('button', { name: 'Change recipient' }).click();
    await signed.page.getByRole('radio', { name: 'Bank', exact: true }).check({ force: true });
    await signed.page.getByRole('button', { name: 'Save recipient' }).click();
    await shot(signed.page, 'withdrawal-recipient-errors');
    await signed.page.goto('/userLevel');
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
