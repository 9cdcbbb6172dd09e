import { defineConfig } from '@playwright/test';
import { PHONE_BROWSER, REPORTER } from './support/phone-browser';

// Starts the real server (built by `npm test` beforehand) on a fresh embedded database, and drives
// Debian's Chromium at a phone viewport. Nothing is mocked: the browser talks to the real API.
const port = Number(process.env.E2E_PORT ?? 8091);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  // Per port too: Playwright empties its output folder when a run starts.
  outputDir: `test-results/${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: true,
  reporter: REPORTER,
  use: {
    baseURL,
    ...PHONE_BROWSER,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node start-server.mjs',
    url: `${baseURL}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // A pixel id is set so every test runs with the pixel blocked, as many earners' browsers do.
    // One data directory per port: two runs on one machine (another port) never wipe each other's.
    env: { PORT: String(port), E2E_DATA_DIR: `.data/run-${port}`, FB_PIXEL_ID: '100000000000001' },
  },
});
