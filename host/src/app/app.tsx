import { BrowserRouter, DialogHost, StoreProvider, store, Toaster } from '@grab/shared';
import { StrictMode } from 'react';
import { OfflineNotice } from './offline/offline-notice';
import { AppRoutes } from './routes';
import { ScrollToTop } from './scroll-to-top';
import { ToastsFollowScreen } from './toasts-follow-screen';
import '@grab/shared/theme.css';

export function App() {
  return (
    <StrictMode>
      <StoreProvider store={store}>
        <BrowserRouter>
          <ScrollToTop />
          <ToastsFollowScreen />
          <OfflineNotice />
          <AppRoutes />
          <Toaster />
          <DialogHost />
        </BrowserRouter>
      </StoreProvider>
    </StrictMode>
  );
}
