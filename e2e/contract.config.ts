import { defineConfig } from '@playwright/test';
import { PHONE_BROWSER, REPORTER } from './support/phone-browser';

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
  reporter: REPORTER,
  use: PHONE_BROWSER,
});
