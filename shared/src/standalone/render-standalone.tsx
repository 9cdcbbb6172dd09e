import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, DialogHost, initI18n, StoreProvider, Toaster } from '../index';
import '../ui/theme.css';

/**
 * A remote's page on its own, for development with hot reload (in the product the host renders it).
 * Every remote starts the same way, so they share this one function.
 */
export async function renderStandalone(page: ReactNode): Promise<void> {
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
        <BrowserRouter>
          {page}
          <Toaster />
          <DialogHost />
        </BrowserRouter>
      </StoreProvider>
    </StrictMode>,
  );
}
