/**
 * The ad pixel (SPEC §2) loads only when the config holds `fbId`, after the page's load event and
 * as an async script, so it never delays the first screen; if a blocker or a dead network stops
 * it, the queued calls simply go nowhere and nothing throws.
 */
export const PIXEL_SRC = 'https://connect.facebook.net/en_US/fbevents.js';

type PixelCall = (...args: unknown[]) => void;
interface PixelQueue extends PixelCall {
  queue: unknown[][];
  callMethod?: PixelCall;
  loaded: boolean;
  version: string;
  push: PixelCall;
}

declare global {
  interface Window {
    fbq?: PixelQueue;
    _fbq?: PixelQueue;
  }
}

function installQueue(win: Window): PixelQueue {
  if (win.fbq) return win.fbq;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as PixelQueue;
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.push = fbq;
  win.fbq = fbq;
  win._fbq = fbq;
  return fbq;
}

/** Runs `task` once the page has loaded (now, if it already has). */
export function afterLoad(task: () => void, win: Window = window) {
  if (win.document.readyState === 'complete') {
    setTimeout(task, 0);
  } else {
    win.addEventListener('load', () => setTimeout(task, 0), { once: true });
  }
}

/** Returns whether a pixel script was added. */
export function loadAdPixel(fbId: string | null | undefined, win: Window = window): boolean {
  const id = fbId?.trim();
  if (!id || !/^\d{1,32}$/.test(id)) return false;
  if (win.document.querySelector(`script[src="${PIXEL_SRC}"]`)) return false;
  const fbq = installQueue(win);
  fbq('init', id);
  fbq('track', 'PageView');
  const script = win.document.createElement('script');
  script.async = true;
  script.src = PIXEL_SRC;
  script.addEventListener('error', () => {
    // Blocked or offline: the queue stays a harmless no-op.
  });
  win.document.head.appendChild(script);
  return true;
}
