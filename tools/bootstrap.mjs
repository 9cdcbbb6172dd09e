#!/usr/bin/env node
// The README promises two commands that work from a fresh clone on a machine that has only
// Node >= 20 and npm. This script keeps that promise: it fetches the pinned pnpm and, where the
// machine's Node is older than 22, Node 22 from the npm registry into ./.tools, installs the
// workspace when the lockfile or a manifest changed, builds when a source changed, then runs.
// It must stay dependency-free plain JavaScript: nothing else is installed when it starts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_MEMORY_ENV } from './server-memory.mjs';

const NODE_VERSION = '22.23.3';
const PNPM_VERSION = '10.34.9';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = path.join(root, '.tools');
const binDir = path.join(toolsDir, 'bin');

function log(message) {
  process.stdout.write(`[grab] ${message}\n`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    log(`'${[path.basename(command), ...args].join(' ')}' failed with exit code ${status}`);
    process.exit(status);
  }
}

function readVersion(nodePath) {
  const result = spawnSync(nodePath, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : '';
}

/** Installs the pinned tools with the machine's npm, once; returns the Node 22+ binary to use. */
function ensureTools() {
  const machineMajor = Number(process.versions.node.split('.')[0]);
  const needNode = machineMajor < 22;
  const pnpmCli = path.join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  const localNode = path.join(toolsDir, 'node_modules', 'node', 'bin', 'node');
  const pnpmOk = fs.existsSync(pnpmCli) && readJson(path.join(toolsDir, 'node_modules', 'pnpm', 'package.json'))?.version === PNPM_VERSION;
  const nodeOk = !needNode || (fs.existsSync(localNode) && readVersion(localNode) === NODE_VERSION);
  if (!pnpmOk || !nodeOk) {
    const wanted = [`pnpm@${PNPM_VERSION}`, ...(needNode ? [`node@${NODE_VERSION}`] : [])];
    log(`fetching ${wanted.join(' and ')} from the npm registry into .tools (once)`);
    fs.mkdirSync(toolsDir, { recursive: true });
    fs.writeFileSync(path.join(toolsDir, 'package.json'), '{ "private": true }\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    mustRun(npm, ['install', '--prefix', toolsDir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', ...wanted]);
  }
  const nodeBin = needNode ? fs.realpathSync(localNode) : process.execPath;
  // Child scripts call plain `node` and `pnpm`: give them the pinned ones first on PATH.
  fs.mkdirSync(binDir, { recursive: true });
  const nodeLink = path.join(binDir, 'node');
  if (!fs.existsSync(nodeLink) || fs.realpathSync(nodeLink) !== nodeBin) {
    fs.rmSync(nodeLink, { force: true });
    fs.symlinkSync(nodeBin, nodeLink);
  }
  const pnpmShim = path.join(binDir, 'pnpm');
  const shim = `#!/bin/sh\nexec "${nodeBin}" "${pnpmCli}" "$@"\n`;
  if (!fs.existsSync(pnpmShim) || fs.readFileSync(pnpmShim, 'utf8') !== shim) {
    fs.writeFileSync(pnpmShim, shim, { mode: 0o755 });
  }
  process.env.PATH = `${binDir}${path.delimiter}${process.env.PATH ?? ''}`;
  return nodeBin;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// apps.json is the one list of remotes: a new remote is installed, fingerprinted and built like the others.
const REMOTE_FOLDERS = readJson(path.join(root, 'apps.json')).remotes.map((r) => r.folder);

const SKIP = new Set(['node_modules', 'dist', '.tools', 'data', '.git', 'test-results', 'playwright-report', '.data', '.test-data', 'results']);

/** A fingerprint of the files below `dirs` (path, size, mtime), cheap enough to take on every start. */
function fingerprint(dirs, filter = () => true) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (SKIP.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && filter(full)) stamp(full);
    }
  };
  const stamp = (full) => {
    const stat = fs.statSync(full);
    hash.update(`${path.relative(root, full)}:${stat.size}:${stat.mtimeMs}\n`);
  };
  for (const dir of dirs) {
    const full = path.join(root, dir);
    // A single file (apps.json) counts as itself.
    if (fs.existsSync(full) && fs.statSync(full).isFile()) stamp(full);
    else walk(full);
  }
  return hash.digest('hex');
}

function ensureInstalled() {
  const manifests = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json', '.npmrc'];
  const hash = createHash('sha256');
  for (const file of manifests) hash.update(fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file)) : '');
  const pkgStamp = fingerprint(['shared', 'host', ...REMOTE_FOLDERS, 'admin', 'server', 'e2e', 'bench'], (f) => path.basename(f) === 'package.json');
  hash.update(pkgStamp);
  const stamp = hash.digest('hex');
  const stampFile = path.join(root, 'node_modules', '.grab-install-stamp');
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return;
  log('installing dependencies with pnpm');
  const frozen = fs.existsSync(path.join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  mustRun('pnpm', ['install', ...frozen, '--reporter=append-only']);
  fs.writeFileSync(stampFile, stamp);
}

const BUILT_DIRS = ['shared', 'host', ...REMOTE_FOLDERS, 'admin', 'server', 'tools', 'apps.json'];

function ensureBuilt(force = false) {
  const stamp = fingerprint(BUILT_DIRS, (f) => !f.includes(`${path.sep}test${path.sep}`) && !/\.test\.tsx?$/.test(f));
  const stampFile = path.join(toolsDir, 'build-stamp');
  if (!force && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
    log('build is up to date');
    return;
  }
  log('building host, remotes, operator console and server');
  mustRun('pnpm', ['run', 'build']);
  fs.writeFileSync(stampFile, stamp);
}

const command = process.argv[2] ?? 'start';
const started = Date.now();
const nodeBin = ensureTools();
ensureInstalled();

switch (command) {
  case 'start': {
    ensureBuilt();
    log(`ready to start after ${((Date.now() - started) / 1000).toFixed(1)} s of checks`);
    // No --enable-source-maps: it held ~90 MB more in the server (bench/start.mjs), with the whole
    // tree near its 500 MB budget. The bundle is not minified, so a stack trace still names the
    // functions; NODE_OPTIONS=--enable-source-maps maps it back to the sources when debugging.
    //
    // glibc's malloc set as server-memory.mjs says: fewer arenas, large blocks handed back.
    const status = run(nodeBin, [path.join(root, 'server', 'dist', 'main.js')], {
      env: { ...SERVER_MEMORY_ENV, ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
    process.exit(status);
    break;
  }
  case 'build':
    ensureBuilt(true);
    break;
  case 'test': {
    ensureBuilt();
    mustRun('pnpm', ['run', 'test:all']);
    break;
  }
  case 'grab': {
    // Operator commands (server/src/cli.ts), e.g. `npm run grab -- create-operator …`.
    ensureBuilt();
    process.exit(run(nodeBin, [path.join(root, 'server', 'dist', 'cli.js'), ...process.argv.slice(3)]));
    break;
  }
  case 'pnpm':
    process.exit(run('pnpm', process.argv.slice(3)));
    break;
  default:
    log(`unknown command '${command}': use start, test, build, grab or pnpm`);
    process.exit(2);
}
