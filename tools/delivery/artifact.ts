/**
 * A remote's build as an immutable artifact: a folder named `<version>-<content hash>` holding
 * remoteEntry.js, the MF manifest, the hashed chunks and the locales. The same build always gets
 * the same name, and a folder once published is never written again, so every URL under it may be
 * cached forever and pages still running an older version keep finding their chunks.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { precompress } from '../precompress.mjs';
import { UsageError } from './workspace';

/** What the deploy reads from the MF manifest (`mf-manifest.json`) the build wrote. */
export interface MfManifest {
  name: string;
  metaData: { buildInfo: { buildVersion: string } };
  shared: { name: string; version: string; requiredVersion?: string | false | null; singleton?: boolean }[];
  exposes: { name: string; path: string }[];
}

// Build statistics and compressed copies are not part of what the artifact is: the stats are for
// people, and the compressed copies are written again from the published files.
const LEFT_OUT = /(^|\/)mf-stats\.json$|\.(br|gz)$/;

function* files(dir: string, base = ''): Generator<string> {
  for (const entry of fs.readdirSync(path.join(dir, base), { withFileTypes: true })) {
    const relative = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* files(dir, relative);
    else if (entry.isFile() && !LEFT_OUT.test(relative)) yield relative;
  }
}

export function readMfManifest(dist: string): MfManifest {
  const file = path.join(dist, 'mf-manifest.json');
  if (!fs.existsSync(path.join(dist, 'remoteEntry.js')) || !fs.existsSync(file)) {
    throw new UsageError(`${dist} has no remoteEntry.js and mf-manifest.json: build the remote first`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as MfManifest;
}

export interface Artifact {
  /** `<version>-<hash>`, the folder's name. */
  id: string;
  dist: string;
  files: string[];
  mf: MfManifest;
}

export function describeArtifact(dist: string): Artifact {
  const mf = readMfManifest(dist);
  const list = [...files(dist)].sort();
  const hash = createHash('sha256');
  for (const file of list) hash.update(file).update('\0').update(fs.readFileSync(path.join(dist, file))).update('\0');
  const version = mf.metaData.buildInfo.buildVersion.replace(/[^0-9A-Za-z.+-]/g, '_');
  return { id: `${version}-${hash.digest('hex').slice(0, 10)}`, dist, files: list, mf };
}

/**
 * Copies the artifact to `<targetDir>/<id>/` unless that folder already exists (same name, same
 * content). Written beside under a temporary name and renamed, so a server never serves a
 * half-copied version.
 */
export async function publishArtifact(artifact: Artifact, targetDir: string): Promise<{ dir: string; fresh: boolean }> {
  const dir = path.join(targetDir, artifact.id);
  if (fs.existsSync(dir)) return { dir, fresh: false };
  fs.mkdirSync(targetDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(targetDir, `.${artifact.id}-`));
  try {
    for (const file of artifact.files) {
      fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
      fs.copyFileSync(path.join(artifact.dist, file), path.join(staging, file));
    }
    await precompress([staging]);
    fs.renameSync(staging, dir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    // A deploy of the same version running at the same moment published it first: same content.
    if (fs.existsSync(dir)) return { dir, fresh: false };
    throw error;
  }
  return { dir, fresh: true };
}

export function listArtifacts(targetDir: string): string[] {
  if (!fs.existsSync(targetDir)) return [];
  return fs.readdirSync(targetDir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
}
