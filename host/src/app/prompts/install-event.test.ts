import { describe, expect, it } from 'vitest';
import { isIosSafari } from '../../features/prompts/install-platform';
import { captureInstallPrompt, forgetInstallPrompt, heldInstallPrompt, subscribeInstallPrompt } from './install-event';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('install prompt helpers', () => {
  it('keeps the browser offer, holds back its own banner, and lets it go once used', () => {
    const target = new EventTarget() as unknown as Window;
    captureInstallPrompt(target);
    let told = 0;
    const stop = subscribeInstallPrompt(() => {
      told += 1;
    });
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(heldInstallPrompt()).toBe(offer);
    forgetInstallPrompt();
    expect(heldInstallPrompt()).toBeNull();
    target.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    target.dispatchEvent(new Event('appinstalled'));
    expect(heldInstallPrompt()).toBeNull();
    expect(told).toBe(4);
    stop();
  });

  it('explains the Share menu only in Safari on an iPhone or iPad', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 0)).toBe(false);
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});
