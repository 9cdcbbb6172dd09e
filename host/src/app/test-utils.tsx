import { BrowserRouter, initI18n, StoreProvider, store } from '@grab/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { registerHostLocales } from './host-locales';

/** Renders like the app does (store, i18n with the host texts, router) at `path`. */
export async function renderApp(ui: ReactNode, path = '/') {
  window.history.replaceState(null, '', path);
  await Promise.all([initI18n(), registerHostLocales()]);
  return render(
    <StoreProvider store={store}>
      <BrowserRouter>{ui}</BrowserRouter>
    </StoreProvider>,
  );
}

/** Puts a JSON data element in the page, as the server embeds one in index.html. */
export function embedData(id: string, text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = text;
  document.head.append(element);
}
