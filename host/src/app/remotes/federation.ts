import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { DEV_OVERRIDE_KEY } from './remote-manifest';
import { createRemoteRegistry } from './remote-registry';

function devOverride(): string | null {
  // Only development builds honour the override: in production an entry point set in local
  // storage would be a way to run foreign code on every later visit.
  if (process.env.NODE_ENV === 'production') return null;
  try {
    return localStorage.getItem(DEV_OVERRIDE_KEY);
  } catch {
    return null;
  }
}

export const remoteRegistry = createRemoteRegistry({
  runtime: { registerRemotes, loadRemote },
  getOverride: devOverride,
});
