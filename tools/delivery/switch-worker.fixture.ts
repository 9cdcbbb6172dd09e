/**
 * A deploy or rollback loop in a process of its own, for the lock test: real concurrency needs
 * separate processes, since each switch is synchronous.
 *   tsx switch-worker.fixture.ts <manifest> deploy <remote> <tag> <count>
 *   tsx switch-worker.fixture.ts <manifest> rollback <remote> - <count>
 * Prints how many switches or rollbacks took effect.
 */
import { rollBack, switchEntry } from './manifest-store';

const [manifestFile, command, remote, tag, count] = process.argv.slice(2);
let done = 0;
for (let i = 0; i < Number(count); i++) {
  if (command === 'deploy') {
    switchEntry(manifestFile as string, remote as string, `/remotes/x/${tag}-${i}/remoteEntry.js`);
    done++;
  } else if (rollBack(manifestFile as string, remote as string)) {
    done++;
  }
}
console.log(done);
