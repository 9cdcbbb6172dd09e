import { BrowserRouter, DialogHost, StoreProvider, store, Toaster } from '@grab/shared';
import { StrictMode } from 'react';
import { OfflineNotice } from './offline/offline-notice';
import { AppRoutes } from './routes';
import { ScrollToTop } from './scroll-to-top';
import '@grab/shared/theme.css';

export function App() {
  return (
    <StrictMode>
      <StoreProvider store={store}>
        <BrowserRouter>
          <ScrollToTop />
          <OfflineNotice />
          <AppRoutes />
          <Toaster />
          <DialogHost />
        </BrowserRouter>
      </StoreProvider>
    </StrictMode>
  );
}
