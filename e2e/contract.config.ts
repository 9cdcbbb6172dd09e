import { defineConfig, devices } from '@playwright/test';

// The contract tests of the remotes: each loads a remote's BUILT remoteEntry.js into the host's
// published build and runtime, with no API and no other remote. `CONTRACT_REMOTE=<mf name>` runs
// one remote's (a squad's own check); unset, every remote's (npm test).
export default defineConfig({
  testDir: './contract',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]]
    : [['list']],
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
