import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentEntry, readManifest, rollBack, switchEntry } from './manifest-store';

const dirs: string[] = [];
function manifestFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-manifest-'));
  dirs.push(dir);
  return path.join(dir, 'remotes.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the manifest a deploy switches', () => {
  it('starts from the built-in copies and keeps the other remotes as they are', () => {
    const file = manifestFile();
    expect(switchEntry(file, 'remote_tasks', '/remotes/tasks/0.2.0-abc/remoteEntry.js')).toBe('/remotes/tasks/remoteEntry.js');
    expect(readManifest(file).remotes).toEqual([
      { name: 'remote_tasks', entry: '/remotes/tasks/0.2.0-abc/remoteEntry.js' },
      { name: 'remote_wallet', entry: '/remotes/wallet/remoteEntry.js' },
      { name: 'remote_team', entry: '/remotes/team/remoteEntry.js' },
      { name: 'remote_draw', entry: '/remotes/draw/remoteEntry.js' },
    ]);
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('rolls back one switch at a time, then says there is nothing earlier', () => {
    const file = manifestFile();
    switchEntry(file, 'remote_team', '/remotes/team/1-a/remoteEntry.js');
    switchEntry(file, 'remote_team', '/remotes/team/2-b/remoteEntry.js');
    expect(rollBack(file, 'remote_team')).toEqual({ from: '/remotes/team/2-b/remoteEntry.js', to: '/remotes/team/1-a/remoteEntry.js' });
    expect(rollBack(file, 'remote_team')?.to).toBe('/remotes/team/remoteEntry.js');
    expect(rollBack(file, 'remote_team')).toBeNull();
    expect(currentEntry(file, 'remote_team')).toBe('/remotes/team/remoteEntry.js');
  });

  it('refuses to write an entry the host would refuse', () => {
    const file = manifestFile();
    expect(() => switchEntry(file, 'remote_team', 'javascript:alert(1)')).toThrow();
    expect(fs.existsSync(file)).toBe(false);
  });
});
