/**
 * The deploy-time gate: a remote runs on the host's singletons (tools/mf/federation.ts lists them),
 * so its build must be able to use the versions the host registers. A remote built against another
 * React major, or asking for a range the host's copy is outside of, is refused before anything is
 * published, with the package and both versions named.
 *
 * Versions here are plain `major.minor.patch` as package managers install them; the ranges are the
 * few forms a federation config writes (`^`, `~`, `>=`, exact, `*`, or none).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SHARED } from '../mf/federation';
import type { MfManifest } from './artifact';
import { APPS, REPO_ROOT } from './workspace';

type Triple = [number, number, number];

function parse(version: string): Triple | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Same meaning as a package manager's caret: no change of the first non-zero number. */
function caret(version: Triple, base: Triple): boolean {
  if (compare(version, base) < 0) return false;
  if (base[0] > 0) return version[0] === base[0];
  if (base[1] > 0) return version[0] === 0 && version[1] === base[1];
  return compare(version, base) === 0;
}

function satisfiesOne(version: Triple, comparator: string): boolean {
  const [, operator = '', rest = ''] = /^(\^|~|>=|=)?\s*(.*)$/.exec(comparator) ?? [];
  if (rest === '*' || rest === 'x' || rest === '') return true;
  const base = parse(rest);
  if (!base) return false;
  if (operator === '^') return caret(version, base);
  if (operator === '~') return version[0] === base[0] && version[1] === base[1] && version[2] >= base[2];
  if (operator === '>=') return compare(version, base) >= 0;
  return compare(version, base) === 0;
}

export function satisfies(version: string, range: string | false | null | undefined): boolean {
  if (!range || range.trim() === '' || range.trim() === '*') return true;
  const parsed = parse(version);
  if (!parsed) return false;
  return range.split('||').some((alternative) => alternative.trim().split(/\s+/).every((comparator) => satisfiesOne(parsed, comparator)));
}

/** The package a shared entry belongs to: `react/jsx-runtime` is React's version. */
function packageOf(shared: string): string {
  return shared.startsWith('@') ? shared.split('/').slice(0, 2).join('/') : (shared.split('/')[0] ?? shared);
}

/** The versions the host's build registers as singletons: the copies installed for the host. */
export function hostSingletonVersions(hostDir: string = path.join(REPO_ROOT, APPS.host.folder)): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const name of Object.keys(SHARED)) {
    // Every singleton is a direct dependency of the host, linked into its own node_modules; read
    // from there because a package's exports may not list its package.json.
    const file = path.join(hostDir, 'node_modules', packageOf(name), 'package.json');
    versions[name] = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return versions;
}

/**
 * Every reason the remote cannot run on the host's singletons, one line each; empty when it can.
 * A shared package the host does not provide is the remote's own business and is not checked.
 */
export function incompatibilities(mf: MfManifest, host: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const shared of mf.shared) {
    const hostVersion = host[shared.name];
    if (!hostVersion || !(SHARED[shared.name]?.singleton ?? false)) continue;
    const wants = shared.requiredVersion ? ` and asks for ${shared.requiredVersion}` : '';
    const why = `${shared.name}: the remote is built with ${shared.version}${wants}, the host provides ${hostVersion}`;
    const sameLine = satisfies(shared.version, `^${hostVersion}`) || satisfies(hostVersion, `^${shared.version}`);
    if (!sameLine || !satisfies(hostVersion, shared.requiredVersion)) problems.push(why);
  }
  return problems;
}
