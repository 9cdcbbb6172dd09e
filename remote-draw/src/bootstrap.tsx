import { initI18n, StoreProvider } from '@grab/shared';
import '@grab/shared/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import DrawGallery from './app/draw-gallery';

// Development only: the three widgets on their own. The widgets call no API, so unlike the other
// remotes this page needs no session (renderStandalone would ask for one).
async function main() {
  await initI18n();
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <StoreProvider>
        <DrawGallery />
      </StoreProvider>
    </StrictMode>,
  );
}

void main();
