import { initI18n, keepOfflineSnapshots } from '@grab/shared';
import { createRoot } from 'react-dom/client';
import { refreshStoredAccount } from './app/account-refresh';
import { afterLoad } from './app/ad-pixel/ad-pixel';
import { App } from './app/app';
import { registerHostLocales } from './app/host-locales';
import { registerOfflineWorker } from './app/offline/register-worker';
import { captureInstallPrompt } from './app/prompts/install-event';
import { prefetchFirstScreenData, preloadFirstScreen } from './app/preload';
import { saveShareParams } from './app/share-params/share-params';
import { loadCommonConfig } from './app/startup';

async function start() {
  // Chrome may offer installation before the first render: the event is kept for later.
  captureInstallPrompt();
  // Before anything can redirect: the guard's /login?redirect=… would still hold them, but the
  // register form reads the saved invitation code.
  saveShareParams(location.href);
  loadCommonConfig();
  // Before the first screen's calls leave: offline, Home's last figures come back however its calls
  // end. Part of this bundle, not a chunk of its own: every start needs it, and on slow data a
  // request costs more than its kilobyte.
  keepOfflineSnapshots();
  preloadFirstScreen(location.pathname);
  const texts = Promise.all([initI18n(), registerHostLocales()]);
  // Not after the texts: /home's largest paint is the task list, so its call leaves first.
  prefetchFirstScreenData(location.pathname, location.search);
  // The first screen renders with its texts, never with raw keys.
  await texts;
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
  registerOfflineWorker();
  afterLoad(() => void refreshStoredAccount());
}

void start();
