/**
 * The delivery commands of one remote, run from its folder by its package scripts:
 *
 *   pnpm --filter ./remote-tasks run deploy -- [--to <dir>] [--url <base>] [--manifest <file>] [--dist <dir>]
 *   pnpm --filter ./remote-tasks run rollback -- [--to <dir>] [--manifest <file>]
 *   pnpm --filter ./remote-tasks run artifact -- --to <dir>
 *   pnpm --filter ./remote-tasks test          (its unit tests, then `contract`: its built entry in the host)
 *
 * `--to` is the static origin's folder (default: the Grab server's, see workspace.ts); `--url` is
 * the address that folder is served at (default `/remotes/`, the Grab server's own); `--manifest`
 * is the remotes manifest to switch (default `<to>/remotes.json`, which the server serves when no
 * REMOTES_MANIFEST is set). docs/shipping-a-remote.md tells the whole story.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeArtifact, publishArtifact } from './artifact';
import { hostSingletonVersions, incompatibilities } from './compatibility';
import { ManifestLockedError } from './manifest-lock';
import { currentEntry, rollBack, switchEntry } from './manifest-store';
import { findRemote, REPO_ROOT, serverRemotesDir, UsageError } from './workspace';

const { positionals, values } = parseArgs({
  // `pnpm run deploy -- --to x` passes the separator on; it ends no options here.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  allowPositionals: true,
  options: {
    to: { type: 'string' },
    url: { type: 'string' },
    manifest: { type: 'string' },
    dist: { type: 'string' },
    remote: { type: 'string' },
  },
});

const remote = findRemote(values.remote);
const target = path.resolve(values.to ?? serverRemotesDir());
const manifestFile = path.resolve(values.manifest ?? process.env.REMOTES_MANIFEST ?? path.join(target, 'remotes.json'));
const baseUrl = (values.url ?? '/remotes/').replace(/\/?$/, '/');
const dist = path.resolve(values.dist ?? path.join(REPO_ROOT, remote.folder, 'dist'));

/** Returns the process's exit code. */
async function run(command: string | undefined): Promise<number> {
  switch (command) {
    case 'artifact': {
      const artifact = describeArtifact(dist);
      const { dir } = await publishArtifact(artifact, path.join(target, remote.name));
      console.log(`${remote.mfName} ${artifact.id}: ${dir}`);
      return 0;
    }
    case 'deploy': {
      const artifact = describeArtifact(dist);
      const host = hostSingletonVersions();
      const problems = incompatibilities(artifact.mf, host);
      if (problems.length > 0) {
        console.error(`${remote.mfName} ${artifact.id} is refused: it cannot run on the host's shared packages.`);
        for (const problem of problems) console.error(`  ${problem}`);
        console.error(`Nothing was published and ${manifestFile} is unchanged.`);
        return 2;
      }
      const { dir, fresh } = await publishArtifact(artifact, path.join(target, remote.name));
      const entry = `${baseUrl}${remote.name}/${artifact.id}/remoteEntry.js`;
      const previous = switchEntry(manifestFile, remote.mfName, entry);
      console.log(`${remote.mfName} ${artifact.id} ${fresh ? 'published to' : 'was already at'} ${dir}`);
      console.log(previous === entry ? `${entry} was already live` : `live: ${entry} (was ${previous ?? 'not listed'})`);
      return 0;
    }
    case 'rollback': {
      const result = rollBack(manifestFile, remote.mfName);
      if (!result) {
        console.error(`${remote.mfName} has no earlier entry in ${manifestFile}; it stays at ${currentEntry(manifestFile, remote.mfName) ?? 'nothing'}`);
        return 1;
      }
      console.log(`live: ${result.to} (was ${result.from ?? 'not listed'})`);
      return 0;
    }
    case 'contract': {
      // The contract test is a Playwright suite beside the end-to-end one (e2e/contract/).
      const run = spawnSync('pnpm', ['--filter', './e2e', 'exec', 'playwright', 'test', '-c', 'contract.config.ts'], {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        env: { ...process.env, CONTRACT_REMOTE: remote.mfName, CONTRACT_DIST: dist },
      });
      return run.status ?? 1;
    }
    default:
      throw new UsageError(`unknown command "${command ?? ''}": use artifact, deploy, rollback or contract`);
  }
}

try {
  process.exitCode = await run(positionals[0]);
} catch (error) {
  if (!(error instanceof UsageError) && !(error instanceof ManifestLockedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
