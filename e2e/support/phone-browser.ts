import { devices, type PlaywrightTestConfig } from '@playwright/test';

/** Debian's Chromium at a phone's size, for every suite of this folder (the app is phone-first). */
export const PHONE_BROWSER: PlaywrightTestConfig['use'] = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  browserName: 'chromium',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
};

/** The list reporter, plus the JSON file `npm test` sums when it asks for one. */
export const REPORTER: PlaywrightTestConfig['reporter'] = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
  ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]]
  : [['list']];
