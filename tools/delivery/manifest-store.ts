/**
 * The remotes manifest a host reads at run time (`/remotes.json`) as a file the deploy commands
 * switch. Every write goes to a temporary file in the same folder and is renamed over the old one:
 * a server reading it mid-deploy sees either the old manifest or the new one, never half of each.
 * Each switch remembers the entry it replaced in a history file beside it, which `rollback` pops.
 * A switch reads, changes and writes two files, so switches of one manifest take turns under a
 * lock file beside it (manifest-lock.ts): two squads deploying at once lose no history entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { builtInManifest, RemoteManifest } from '../../shared/src/contracts/remotes.contracts';
import { withManifestLock } from './manifest-lock';
import { APPS } from './workspace';

type History = Record<string, string[]>;

function historyFile(manifestFile: string): string {
  return manifestFile.replace(/(\.json)?$/, '.history.json');
}

function writeAtomically(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

/** The manifest as the server would serve it; before the first deploy, the built-in one. */
export function readManifest(manifestFile: string): RemoteManifest {
  if (!fs.existsSync(manifestFile)) return builtInManifest(APPS.remotes);
  return RemoteManifest.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
}

function readHistory(manifestFile: string): History {
  const file = historyFile(manifestFile);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as History) : {};
}

export function currentEntry(manifestFile: string, mfName: string): string | undefined {
  return readManifest(manifestFile).remotes.find((r) => r.name === mfName)?.entry;
}

function withEntry(manifest: RemoteManifest, mfName: string, entry: string): RemoteManifest {
  const listed = manifest.remotes.some((r) => r.name === mfName);
  const remotes = listed ? manifest.remotes.map((r) => (r.name === mfName ? { name: mfName, entry } : r)) : [...manifest.remotes, { name: mfName, entry }];
  // Checked like the server checks it: a deploy must never write a manifest the host would refuse.
  return RemoteManifest.parse({ remotes });
}

/** Points `mfName` at `entry`; returns the entry it replaced. */
export function switchEntry(manifestFile: string, mfName: string, entry: string): string | undefined {
  return withManifestLock(manifestFile, () => switchUnlocked(manifestFile, mfName, entry));
}

function switchUnlocked(manifestFile: string, mfName: string, entry: string): string | undefined {
  const manifest = readManifest(manifestFile);
  const previous = manifest.remotes.find((r) => r.name === mfName)?.entry;
  if (previous === entry) return previous;
  const next = withEntry(manifest, mfName, entry);
  if (previous) {
    const history = readHistory(manifestFile);
    history[mfName] = [...(history[mfName] ?? []), previous];
    writeAtomically(historyFile(manifestFile), history);
  }
  writeAtomically(manifestFile, next);
  return previous;
}

/** Points `mfName` back at the entry it had before the last switch; returns it, or null if none. */
export function rollBack(manifestFile: string, mfName: string): { from: string | undefined; to: string } | null {
  return withManifestLock(manifestFile, () => rollBackUnlocked(manifestFile, mfName));
}

function rollBackUnlocked(manifestFile: string, mfName: string): { from: string | undefined; to: string } | null {
  const history = readHistory(manifestFile);
  const stack = history[mfName] ?? [];
  const to = stack.pop();
  if (!to) return null;
  const manifest = readManifest(manifestFile);
  const from = manifest.remotes.find((r) => r.name === mfName)?.entry;
  // The manifest moves first: should the history write fail, a second rollback repeats this one
  // instead of skipping a version.
  writeAtomically(manifestFile, withEntry(manifest, mfName, to));
  history[mfName] = stack;
  writeAtomically(historyFile(manifestFile), history);
  return { from, to };
}
