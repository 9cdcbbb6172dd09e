import { describe, expect, it } from 'vitest';
import { isRemoteEntry, manifestEntryOrigins, RemoteManifest } from './remotes.contracts';

// The host and the server both check /remotes.json with this schema: these cases hold for both.
describe('the remotes manifest', () => {
  it.each([
    '/remotes/tasks/remoteEntry.js',
    '/remotes/tasks/v2-3f9a/remoteEntry.js',
    '/remotes/tasks/mf-manifest.json',
    'https://cdn.grab.example/tasks/1.4.0/remoteEntry.js',
    'http://127.0.0.1:8081/remotes/team/remoteEntry.js',
  ])('takes %s', (entry) => {
    expect(isRemoteEntry(entry)).toBe(true);
  });

  it.each([
    ['another host read as a path', '//evil.example/remoteEntry.js'],
    ['a backslash the browser reads as a slash', '/\\evil.example/remoteEntry.js'],
    ['a script URL', 'javascript:alert(1)//remoteEntry.js'],
    ['a data URL', 'data:text/javascript,alert(1)//remoteEntry.js'],
    ['credentials in the URL', 'https://user:pw@cdn.grab.example/remoteEntry.js'],
    ['another file', '/remotes/tasks/index.js'],
    ['a relative path', 'remotes/tasks/remoteEntry.js'],
    ['white space', '/remotes/tasks/ remoteEntry.js'],
    ['an empty entry', ''],
    ['an endless entry', `/${'a/'.repeat(1100)}remoteEntry.js`],
  ])('refuses %s', (_why, entry) => {
    expect(isRemoteEntry(entry)).toBe(false);
  });

  it('takes known remotes once each, and refuses unknown names and repeats', () => {
    const ok = { remotes: [{ name: 'remote_tasks', entry: '/remotes/tasks/remoteEntry.js' }] };
    expect(RemoteManifest.safeParse(ok).success).toBe(true);
    expect(RemoteManifest.safeParse({ remotes: [{ name: 'remote_evil', entry: '/remotes/tasks/remoteEntry.js' }] }).success).toBe(false);
    expect(RemoteManifest.safeParse({ remotes: [...ok.remotes, ...ok.remotes] }).success).toBe(false);
    expect(RemoteManifest.safeParse({ remotes: 'all' }).success).toBe(false);
  });

  it('lists the origins of entries on other sites, once each', () => {
    const manifest = RemoteManifest.parse({
      remotes: [
        { name: 'remote_tasks', entry: 'https://cdn.grab.example/tasks/remoteEntry.js' },
        { name: 'remote_team', entry: 'https://cdn.grab.example/team/remoteEntry.js' },
        { name: 'remote_wallet', entry: '/remotes/wallet/remoteEntry.js' },
      ],
    });
    expect(manifestEntryOrigins(manifest)).toEqual(['https://cdn.grab.example']);
  });
});
