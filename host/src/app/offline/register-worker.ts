import { afterLoad } from '../ad-pixel/ad-pixel';

/**
 * SPEC §1/§7: the offline worker is registered at the site root after the page has loaded, so it
 * never competes with the first screen for bandwidth. Development servers have no worker.
 */
export function registerOfflineWorker() {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  afterLoad(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The offline worker could not be registered', error);
    });
  });
}
