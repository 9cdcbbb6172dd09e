// Which way of adding Grab to the home screen this browser has. Downloaded with the install card
// only, not with the first screen.

/** Opened from the home screen already: there is nothing to install. */
export function runsInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches);
}

/**
 * Safari on an iPhone or iPad: it never fires `beforeinstallprompt`; the earner adds the site from
 * the Share menu, which our card explains. (Other iOS browsers' menus differ, so they get nothing.)
 */
export function isIosSafari(userAgent: string = navigator.userAgent, touchPoints: number = navigator.maxTouchPoints ?? 0): boolean {
  const ios = /iP(hone|od|ad)/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
}
