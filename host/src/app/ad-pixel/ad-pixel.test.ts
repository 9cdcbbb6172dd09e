import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoad, loadAdPixel, PIXEL_SRC } from './ad-pixel';

function pixelScripts() {
  return document.querySelectorAll(`script[src="${PIXEL_SRC}"]`);
}

afterEach(() => {
  for (const script of pixelScripts()) script.remove();
  delete window.fbq;
  delete window._fbq;
});

describe('loadAdPixel', () => {
  it('adds nothing without an fbId', () => {
    expect(loadAdPixel(null)).toBe(false);
    expect(loadAdPixel('')).toBe(false);
    expect(pixelScripts()).toHaveLength(0);
    expect(window.fbq).toBeUndefined();
  });

  it('refuses an id that is not a pixel id', () => {
    expect(loadAdPixel('"><script>')).toBe(false);
    expect(pixelScripts()).toHaveLength(0);
  });

  it('adds one async script and queues init + PageView', () => {
    expect(loadAdPixel('123456')).toBe(true);
    expect(loadAdPixel('123456')).toBe(false);
    const scripts = pixelScripts();
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
    expect(window.fbq?.queue).toEqual([
      ['init', '123456'],
      ['track', 'PageView'],
    ]);
  });

  it('keeps working when the script is blocked', () => {
    loadAdPixel('123456');
    const script = pixelScripts()[0] as HTMLScriptElement;
    expect(() => script.dispatchEvent(new Event('error'))).not.toThrow();
    expect(() => window.fbq?.('track', 'Lead')).not.toThrow();
  });
});

describe('afterLoad', () => {
  it('waits for the load event when the page is still loading', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const listeners: (() => void)[] = [];
    const fakeWindow = {
      document: { readyState: 'loading' },
      addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    } as unknown as Window;
    afterLoad(task, fakeWindow);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    for (const listener of listeners) listener();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});
