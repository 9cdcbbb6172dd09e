/**
 * What the delivery tests need around the app: a Grab server of their own (a deploy changes what
 * every page of that server loads, so the rest of the suite must not share it), the squads' own
 * commands run as a squad runs them, and copies of a remote's build to change, so the built
 * folders of the repository are never touched.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '..', '..');
const run = promisify(execFile);

/** Ports next to the suite's own: the delivery server, then the second origin. */
const basePort = Number(process.env.E2E_PORT ?? 8091);
export const DELIVERY_PORT = basePort + 1;
export const SECOND_ORIGIN_PORT = basePort + 2;

export interface GrabServer {
  baseURL: string;
  /** The folder the server serves deployed remotes from, and its manifest. */
  remotesDir: string;
  manifestFile: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the built server the way the suite's own is started, on a data folder of its own outside
 * the repository (deployed remotes are built code the lint must not read), removed when it stops.
 */
export async function startGrabServer(port: number): Promise<GrabServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `grab-delivery-${port}-`));
  const child: ChildProcess = spawn(process.execPath, [path.resolve(here, '..', 'start-server.mjs')], {
    env: { ...process.env, PORT: String(port), E2E_DATA_DIR: dataDir, FB_PIXEL_ID: '100000000000001' },
    stdio: 'inherit',
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await expect
    .poll(async () => (await fetch(`${baseURL}/health`).catch(() => null))?.status, { timeout: 120_000, message: 'the delivery server starts' })
    .toBe(200);
  const remotesDir = path.join(dataDir, 'remotes');
  return {
    baseURL,
    remotesDir,
    manifestFile: path.join(remotesDir, 'remotes.json'),
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `pnpm --filter ./<remote> run <command> -- <args>`, the squad's own command. */
export async function remoteCommand(folder: string, command: 'deploy' | 'rollback', args: string[]): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run('pnpm', ['--silent', '--filter', `./${folder}`, 'run', command, '--', ...args], { cwd: REPO_ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** A copy of a remote's build in a temporary folder, to change as a new version would. */
export function copyBuild(folder: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `grab-${folder}-`));
  fs.cpSync(path.join(REPO_ROOT, folder, 'dist'), copy, { recursive: true });
  return copy;
}

function* filesOf(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(full);
    else yield full;
  }
}

/**
 * Replaces `from` by `to` in every script of a build copy (or those whose name matches `only`);
 * their compressed copies would be stale. Returns how many files changed.
 */
export function replaceInBuild(dir: string, from: string, to: string, only?: RegExp): number {
  let changed = 0;
  for (const file of [...filesOf(dir)].filter((f) => f.endsWith('.js') && (!only || only.test(path.basename(f))))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(from)) continue;
    fs.writeFileSync(file, text.split(from).join(to));
    fs.rmSync(`${file}.br`, { force: true });
    fs.rmSync(`${file}.gz`, { force: true });
    changed++;
  }
  return changed;
}

interface MfManifestFile {
  metaData: { buildInfo: { buildVersion: string } };
  shared: { name: string; version: string; requiredVersion?: string }[];
}

/** Edits the MF manifest of a build copy: its version, or the versions it was built against. */
export function editMfManifest(dir: string, edit: (manifest: MfManifestFile) => void): void {
  const file = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as MfManifestFile;
  edit(manifest);
  fs.writeFileSync(file, JSON.stringify(manifest));
  fs.rmSync(`${file}.br`, { force: true });
  fs.rmSync(`${file}.gz`, { force: true });
}
