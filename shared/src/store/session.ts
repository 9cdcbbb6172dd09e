import type { Session } from '../contracts/auth.contracts';
import { dropOfflineSnapshots } from '../query/offline-db';
import { queryClient } from '../query/query-client';
import { clearStoredSession, storeSession } from './store.atoms';

/** Starts an earner's session; whatever was cached for someone else on this phone is dropped. */
export function setSession(session: Session) {
  queryClient.clear();
  dropOfflineSnapshots();
  storeSession(session);
}

/** Forgets the earner: the persisted session and every piece of server state loaded for them, offline copy too. */
export function clearSession() {
  clearStoredSession();
  queryClient.clear();
  dropOfflineSnapshots();
}
