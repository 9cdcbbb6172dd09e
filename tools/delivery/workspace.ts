/**
 * Where things are in this repository and on the Grab server, for the delivery commands. The
 * defaults mirror the server's own (server/src/config.ts): a deploy without `--to` lands where
 * `npm start` serves remotes from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RemoteApp {
  folder: string;
  name: string;
  mfName: string;
}

interface AppsFile {
  host: { folder: string };
  remotes: RemoteApp[];
}

// Read, not imported: Node runs this folder directly and JSON imports need an attribute there.
export const APPS = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps.json'), 'utf8')) as AppsFile;

/** The remote a command is about: `--remote` (folder, short or MF name), else the folder it runs in. */
export function findRemote(hint: string | undefined, cwd: string = process.cwd()): RemoteApp {
  const wanted = hint ?? path.basename(cwd);
  const app = APPS.remotes.find((r) => r.folder === wanted || r.name === wanted || r.mfName === wanted);
  if (!app) throw new UsageError(`"${wanted}" is not a remote listed in apps.json (run from a remote-<name> folder or pass --remote)`);
  return app;
}

/** The server's folder of deployed remotes: REMOTES_DIR, else `<DATA_DIR>/remotes`. */
export function serverRemotesDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.REMOTES_DIR) return path.resolve(env.REMOTES_DIR);
  return path.join(env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(REPO_ROOT, 'data'), 'remotes');
}

/** A mistake in how a command was called, shown without a stack. */
export class UsageError extends Error {
  override name = 'UsageError';
}
