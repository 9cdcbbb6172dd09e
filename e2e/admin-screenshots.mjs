// Screenshots of the operator console's screens at a desktop viewport, on a running server with
// test hooks (GRAB_TEST_HOOKS=1). Makes its own operators, an earner with a submission under review
// and a withdrawal waiting for approval, then opens each screen.
//
//   ../.tools/bin/node admin-screenshots.mjs http://127.0.0.1:5360 /tmp/console-shots
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { shownIndianNumber } from './support/earners.ts';
import { screenshotPng } from './support/images.ts';

const [base = 'http://127.0.0.1:8080', out = 'screenshots/console'] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const PASSWORD = 'grab-pass-2026';
let n = 0;
const phone = () => `97${String(Date.now() % 10_000_000).padStart(7, '0')}${++n}`.slice(0, 10);

async function api(pathname, { token, body, method } = {}) {
  const response = await fetch(`${base}${pathname}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body instanceof Uint8Array ? { 'content-type': 'image/png' } : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  const json = await response.json();
  if (json.code !== 200) throw new Error(`${pathname}: ${JSON.stringify(json)}`);
  return json.data;
}

async function account(role) {
  const p = phone();
  const data = await api('/public/user/register', { body: { country: 'IN', phone: p, password: PASSWORD, rePassword: PASSWORD, inviteCode: 'ROOT01' } });
  if (role) await api('/test/role', { token: data.token, body: { role } });
  return { phone: p, token: data.token, id: data.userInfo.id, inviteCode: data.userInfo.inviteCode };
}

const admin = await account('admin');
const earner = await account();
// A submission under review: the seeded audit task, one picture.
const tasks = await api('/app/task/list', { token: earner.token });
const audit = tasks.find((t) => t.title === 'Follow our official page');
await api('/app/task/leading-task', { token: earner.token, body: { taskId: audit.id } });
// The page to follow is opened first, then the screenshot sent.
for (const open of audit.taskBranchList.filter((s) => s.action === 'open')) {
  await api('/app/task/leading-task', { token: earner.token, body: { taskId: audit.id, stepId: open.id } });
}
const upload = await api('/app/upload/image', { token: earner.token, body: screenshotPng(720, 1280, [40, 110, 190]) });
const step = audit.taskBranchList.find((s) => s.action === 'proof');
await api('/app/task/leading-task', { token: earner.token, body: { taskId: audit.id, stepId: step.id, pictures: [upload.id] } });
// A withdrawal waiting for approval.
await api('/test/credit', { token: earner.token, body: { points: 100_000_00, key: `screenshots-${earner.id}` } });
const [upi] = await api('/app/pay/institutionList?method=upi', { token: earner.token });
const recipient = await api('/app/pay/userRecipientSave', { token: earner.token, body: { method: 'upi', institutionId: upi.id, name: 'Asha Kumari', account: 'asha.k@okbank' } });
await api('/test/clock', { token: earner.token, body: { offsetMs: 25 * 3_600_000 } });
const options = await api('/app/pay/withdraw-options', { token: earner.token });
await api('/app/pay/pay-withdraw', { token: earner.token, body: { amount: options.presets.at(-1), recipientId: recipient.id, idempotencyKey: `shots-order-${earner.id}-0001` } });

// A sign-up flag for the fraud screen: two accounts from one browser under one inviter.
const inviter = await account();
const sharedBrowser = `screenshots-shared-${Date.now()}`;
for (let i = 0; i < 2; i += 1) {
  await api('/public/user/register', { body: { country: 'IN', phone: phone(), password: PASSWORD, rePassword: PASSWORD, inviteCode: inviter.inviteCode, deviceId: sharedBrowser } });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
const shot = (name) => page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
await page.goto(`${base}/admin/`);
await shot('login');
await page.getByLabel('Phone').fill(admin.phone);
await page.getByLabel('Password').fill(PASSWORD);
await page.getByRole('button', { name: 'Sign in' }).click();
// An admin lands on Tasks; the queue claims a submission when opened.
await page.getByRole('link', { name: 'Review queue' }).click();
await page.getByRole('img', { name: 'Proof 1' }).waitFor();
await shot('review-queue');
await page.getByRole('button', { name: /zoom in/ }).first().click();
await shot('review-queue-zoomed');
await page.getByRole('button', { name: /zoom out/ }).first().click();
await page.getByRole('link', { name: 'Withdrawals' }).click();
await page.getByRole('button', { name: 'Approve' }).first().waitFor();
await shot('withdrawals');
await page.getByRole('link', { name: 'Tasks' }).click();
await page.getByRole('button', { name: 'New task' }).click();
const newTask = page.getByRole('form', { name: 'New task' });
await newTask.getByLabel('Title', { exact: true }).first().fill('Like our new post');
await newTask.getByLabel('Pictures of proof').selectOption('2');
await newTask.getByLabel('Picture 1').first().fill('Your like on the post');
await shot('tasks');
// Links the contract refuses, each said under its own field.
await newTask.getByLabel('Link (group, page)').fill('http://example.org/plain');
await newTask.getByLabel('Page', { exact: true }).first().fill('javascript:alert(1)');
await newTask.getByLabel('Description', { exact: true }).first().fill('x');
await newTask.getByRole('button', { name: 'Create task' }).click();
await newTask.locator('.error').first().waitFor();
await shot('tasks-link-errors');
await page.getByRole('button', { name: 'Close the form' }).click();
await page.getByRole('button', { name: /^Edit task/ }).first().click();
await page.getByRole('form', { name: /^Edit task/ }).waitFor();
await shot('task-edit');
await page.getByRole('link', { name: 'Redemption codes' }).click();
await page.getByRole('button', { name: 'New batch' }).click();
await page.getByRole('form', { name: 'New batch of codes' }).getByLabel('Note (where the codes go)').fill('Poster at the market');
await page.getByRole('button', { name: 'Create codes' }).click();
await page.getByRole('table', { name: /^Codes of batch/ }).waitFor();
await shot('redemption-codes');
await page.getByRole('link', { name: 'Earners' }).click();
await page.getByLabel('Phone or invitation code').fill(earner.phone);
await page.getByRole('button', { name: 'Search' }).click();
await page.getByRole('button', { name: new RegExp(`^\\${shownIndianNumber(earner.phone)}`) }).click();
await page.getByRole('table', { name: 'Ledger entries' }).waitFor();
await shot('earners');
await page.getByRole('button', { name: /^Reverse entry/ }).first().click();
await page.getByRole('form', { name: /^Reverse entry/ }).waitFor();
await shot('earner-reverse');
await page.getByRole('link', { name: 'Fraud flags' }).click();
await page.getByRole('table', { name: 'Held rebates' }).waitFor();
await page.getByText('Loading…').first().waitFor({ state: 'detached' });
await shot('fraud-flags');
await page.getByRole('link', { name: 'Configuration' }).click();
await page.getByRole('form', { name: 'Level thresholds' }).waitFor();
await shot('configuration');
await page.getByRole('link', { name: 'Offers' }).click();
await page.getByRole('button', { name: /^Edit offer/ }).first().click();
await page.getByRole('form', { name: /^Edit offer/ }).waitFor();
await shot('offers');
await page.getByRole('link', { name: 'Audit log' }).click();
await page.getByRole('table', { name: 'Operator actions' }).waitFor();
await shot('audit-log');
// What a table says when nothing matches.
await page.getByLabel('Action').fill('no.such.action');
await page.getByRole('button', { name: 'Filter' }).click();
await page.getByText('No operator action matches the filter.').waitFor();
await shot('audit-log-nothing');
await browser.close();
console.log(`screenshots in ${out}`);
