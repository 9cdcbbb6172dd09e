/**
 * The apps of the workspace as `apps.json` at the repository root lists them. That file is the one
 * list of remotes: the bootstrap, the test projects, the server's built-in manifest and the dev
 * servers all read it, so adding a remote is one entry there (see tools/README.md).
 */
import apps from '../../apps.json';

export interface RemoteApp {
  /** The remote's folder at the repository root, also its package's filter path. */
  folder: string;
  /** Short name: the URL folder it is served from (`/remotes/<name>/`). */
  name: string;
  /** Module Federation name, as the run-time manifest lists it. */
  mfName: string;
  /** Page title when the remote runs alone. */
  title: string;
  devPort: number;
}

export const HOST_APP: { folder: string; devPort: number } = apps.host;
export const REMOTE_APPS: readonly RemoteApp[] = apps.remotes;

export function remoteApp(mfName: string): RemoteApp {
  const app = REMOTE_APPS.find((r) => r.mfName === mfName);
  if (!app) throw new Error(`${mfName} is not listed in apps.json`);
  return app;
}
