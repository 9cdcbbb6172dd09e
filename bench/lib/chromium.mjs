// Debian's Chromium, launched the same way by every front-end benchmark.
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags for a quiet headless Chromium that fetches nothing of its own while we measure. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The phone viewport the end-to-end tests use. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

export function assertChromium() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`no Chromium at ${CHROMIUM_PATH}: install Debian's chromium or set CHROMIUM_PATH`);
  }
}
