import { BrowserRouter, DialogHost, I18nProvider, StoreProvider, store, Toaster } from '@grab/shared';
import { StrictMode } from 'react';
import { OfflineNotice } from './offline/offline-notice';
import { AppRoutes } from './routes';
import { ScrollToTop } from './scroll-to-top';
import '@grab/shared/theme.css';

export function App() {
  return (
    <StrictMode>
      <StoreProvider store={store}>
        <I18nProvider>
          <BrowserRouter>
            <ScrollToTop />
            <OfflineNotice />
            <AppRoutes />
            <Toaster />
            <DialogHost />
          </BrowserRouter>
        </I18nProvider>
      </StoreProvider>
    </StrictMode>
  );
}
