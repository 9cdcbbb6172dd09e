// Phone-sized screenshots of /hangTask in each of its states, in English and Urdu, for a person to
// look at: `node e2e/screenshots-online.mjs [baseURL] [outDir]` against a server started with
// GRAB_TEST_HOOKS=1 (the earner's clock and level are moved through the test hooks). Not a test.
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = path.resolve(process.argv[3] ?? 'test-results/screens-online');
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

let counter = 0;
async function earner() {
  counter += 1;
  const phone = `97${String(Date.now() + counter).slice(-8)}`;
  const password = 'grab-pass-2026';
  const body = await (
    await fetch(`${base}/public/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ country: 'IN', phone, password, rePassword: password, inviteCode: 'ROOT01' }),
    })
  ).json();
  const { token, userInfo } = body.data;
  const api = async (pathname, init = {}) =>
    (await (await fetch(`${base}${pathname}`, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers } })).json()).data;
  return { token, userInfo, api };
}

async function online(e, task, halfMinutes) {
  for (let step = 1; step <= halfMinutes; step += 1) {
    await e.api('/test/clock', { method: 'POST', body: JSON.stringify({ offsetMs: step * 30_000 }) });
    await e.api(`/app/user/online?taskId=${task.id}`);
  }
  // The buffer reaches the database within a second.
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

async function shot(e, task, language, name, { blockBeats = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: base });
  const page = await context.newPage();
  await page.route('https://connect.facebook.net/**', (route) => route.abort());
  if (blockBeats) await page.route('**/app/user/online?**', (route) => route.abort());
  await page.addInitScript(
    ([token, userInfo, key]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', userInfo);
      localStorage.setItem('language', key);
    },
    [e.token, JSON.stringify(e.userInfo), language],
  );
  const step = task.taskBranchList[0];
  await page.goto(`/hangTask?taskType=hang&taskId=${task.id}&id=${step.id}`);
  await page.getByRole('progressbar').or(page.getByText(/LV\d/).first()).first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(500);
  const file = `hang-${name}-${language}.png`;
  await page.screenshot({ path: path.join(out, file), fullPage: true });
  process.stdout.write(`${file}\n`);
  await context.close();
}

const first = await earner();
const task = (await first.api('/app/task/list')).find((t) => t.kind === 'hang');
const locked = first;
const offline = await earner();
const busy = await earner();
const done = await earner();
for (const e of [offline, busy, done]) await e.api('/test/level', { method: 'POST', body: JSON.stringify({ level: 2 }) });
await online(busy, task, 150);
await online(done, task, 241);
for (const language of ['en-US', 'ur-PK']) {
  await shot(locked, task, language, 'locked', { blockBeats: true });
  await shot(offline, task, language, 'not-online', { blockBeats: true });
  await shot(busy, task, language, 'online');
  await shot(done, task, language, 'completed');
}
await browser.close();
