import { BrowserRouter, DialogHost, I18nProvider, initI18n, StoreProvider, Toaster } from '@grab/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import BalanceCard from './features/balance/balance-card.widget';

// Stand-alone page of this remote for development only: in the product the host renders it.
async function start() {
  await initI18n();
  const root = document.getElementById('root');
  if (!root) return;
  if (!localStorage.getItem('token')) {
    // Without a session every call answers 401, which clears storage and reloads: a loop. Log in
    // through the host first (see host/README.md), or copy `token` and `userInfo` here.
    root.textContent = 'No session: log in on the host dev server, or copy localStorage.token and localStorage.userInfo to this origin.';
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <StoreProvider>
        <I18nProvider>
          <BrowserRouter>
            <BalanceCard />
            <Toaster />
            <DialogHost />
          </BrowserRouter>
        </I18nProvider>
      </StoreProvider>
    </StrictMode>,
  );
}

void start();
