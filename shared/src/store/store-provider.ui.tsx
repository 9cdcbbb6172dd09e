import { Provider } from 'jotai/react';
import type { ReactNode } from 'react';
import { store as sharedStore } from './store.atoms';

/**
 * jotai's Provider makes a fresh store when given none, which would split the state that the API
 * clients read (the module store) from what components see. This one defaults to the shared store.
 */
export function StoreProvider({ children, store = sharedStore }: { children?: ReactNode; store?: typeof sharedStore }) {
  return <Provider store={store}>{children}</Provider>;
}
