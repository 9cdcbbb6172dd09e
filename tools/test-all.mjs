// `npm test` runs this after the bootstrap has installed and built: typecheck, lint, unit and API
// tests (API tests also on PostgreSQL when DATABASE_URL is set), then the Playwright suite.
// Every stage runs even when an earlier one failed, so one run shows everything that is broken;
// the last line sums the tests of every runner as "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
fs.mkdirSync(reports, { recursive: true });

const stages = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint', args: ['run', 'lint'] },
  {
    name: 'unit and API tests',
    args: ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest.json')}`],
    report: 'vitest.json',
  },
  {
    name: 'end-to-end tests (Chromium)',
    args: ['--filter', './e2e', 'exec', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, 'playwright.json') },
    report: 'playwright.json',
  },
  {
    name: 'contract tests of the remotes (Chromium)',
    args: ['--filter', './e2e', 'exec', 'playwright', 'test', '-c', 'contract.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, 'contract.json') },
    report: 'contract.json',
  },
];

/**
 * The start of a failure's message without colours, on one line: what was expected and of what
 * (the locator), which is what tells a flaky wait from a real break when a log's tail is all there is.
 */
function gist(message) {
  if (typeof message !== 'string') return '';
  const lines = message
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is removed
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const text = lines.slice(0, 3).join(' | ');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

// The names of the failed tests and the gist of why, so the last lines of a long log (often all a
// CI page keeps) say what broke, not only how much.
function failures(report) {
  const file = path.join(reports, report);
  if (!fs.existsSync(file)) return [];
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  const names = [];
  if (report === 'vitest.json') {
    for (const suite of json.testResults ?? []) {
      for (const t of suite.assertionResults ?? []) {
        if (t.status === 'failed') names.push({ name: `${path.relative(root, suite.name)} › ${t.fullName ?? t.title}`, why: gist(t.failureMessages?.[0]) });
      }
    }
    return names;
  }
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      const bad = (spec.tests ?? []).find((t) => t.status === 'unexpected');
      const result = bad?.results?.at(-1);
      if (bad) names.push({ name: `${spec.file ?? suite.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}`, why: gist(result?.error?.message ?? result?.errors?.[0]?.message) });
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail);
  };
  for (const suite of json.suites ?? []) walk(suite, []);
  return names;
}

function counts(report) {
  const file = path.join(reports, report);
  if (!fs.existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (report === 'vitest.json') {
    return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0, skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0) };
  }
  const s = json.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}

const results = [];
for (const stage of stages) {
  if (stage.report) fs.rmSync(path.join(reports, stage.report), { force: true });
  process.stdout.write(`\n[grab test] ${stage.name}\n`);
  const started = Date.now();
  const run = spawnSync('pnpm', stage.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...stage.env } });
  const ok = run.status === 0;
  results.push({
    ...stage,
    ok,
    seconds: (Date.now() - started) / 1000,
    counts: stage.report ? counts(stage.report) : undefined,
    failures: stage.report ? failures(stage.report) : [],
  });
}

process.stdout.write('\n[grab test] summary\n');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  const c = r.counts ? ` (${r.counts.passed} passed, ${r.counts.failed} failed)` : '';
  process.stdout.write(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${c} in ${r.seconds.toFixed(0)} s\n`);
  for (const { name, why } of r.failures.slice(0, 20)) process.stdout.write(`       ✘ ${name}\n${why ? `         ${why}\n` : ''}`);
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
    skipped += r.counts.skipped;
  }
  // A stage without per-test counts (typecheck, lint) still counts as one failure when it fails.
  if (!r.ok && (!r.counts || r.counts.failed === 0)) failed += 1;
}
if (!process.env.DATABASE_URL) process.stdout.write('  (DATABASE_URL not set: API tests ran on PGlite only)\n');
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
