import { describe, expect, it, vi } from 'vitest';
import { applyOverride, fetchManifest, ManifestError, parseManifest, type RemoteManifest } from './remote-manifest';
import { createRemoteRegistry, type FederationRuntime, RemoteLoadError } from './remote-registry';

const manifest: RemoteManifest = {
  remotes: [
    { name: 'remote_tasks', entry: '/remotes/tasks/remoteEntry.js' },
    { name: 'remote_team', entry: '/remotes/team/remoteEntry.js' },
  ],
};

function Component() {
  return null;
}

function fakeRuntime(load: (id: string) => Promise<unknown>) {
  const runtime = { registerRemotes: vi.fn<FederationRuntime['registerRemotes']>(), loadRemote: vi.fn(load) };
  return runtime as typeof runtime & FederationRuntime;
}

describe('parseManifest', () => {
  it('accepts the agreed shape', () => {
    expect(parseManifest(manifest)).toEqual(manifest);
  });

  it.each([null, [], { remotes: 'x' }, { remotes: [{ name: 5, entry: '/a.js' }] }, { remotes: [{ name: 'Bad-Name', entry: '/a.js' }] }, { remotes: [{ name: 'remote_x', entry: '' }] },
    // The same rules as the server's: another host disguised as a path, a script URL.
    { remotes: [{ name: 'remote_tasks', entry: '//evil.example/remoteEntry.js' }] },
    { remotes: [{ name: 'remote_tasks', entry: 'javascript:alert(1)//remoteEntry.js' }] },
  ])(
    'turns %j into a clear ManifestError',
    (body) => {
      expect(() => parseManifest(body)).toThrow(ManifestError);
      expect(() => parseManifest(body)).toThrow(/remotes\.json is not a valid remote manifest/);
    },
  );
});

describe('fetchManifest', () => {
  it('reports HTTP errors, non-JSON and network failures as ManifestError', async () => {
    await expect(fetchManifest(async () => new Response('nope', { status: 503 }))).rejects.toThrow('answered HTTP 503');
    await expect(fetchManifest(async () => new Response('<html>', { status: 200 }))).rejects.toThrow('is not JSON');
    await expect(
      fetchManifest(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow('could not be fetched');
  });

  it('asks past every HTTP cache', async () => {
    const fetcher = vi.fn(async () => Response.json(manifest));
    await fetchManifest(fetcher);
    expect(fetcher).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
  });
});

describe('applyOverride', () => {
  it('replaces entries by name and adds new ones', () => {
    const result = applyOverride(manifest, JSON.stringify({ remote_tasks: 'http://localhost:3001/remoteEntry.js', remote_draw: 'http://localhost:3004/remoteEntry.js' }));
    expect(result.remotes).toEqual([
      { name: 'remote_tasks', entry: 'http://localhost:3001/remoteEntry.js' },
      { name: 'remote_team', entry: '/remotes/team/remoteEntry.js' },
      { name: 'remote_draw', entry: 'http://localhost:3004/remoteEntry.js' },
    ]);
  });

  it('ignores a broken override', () => {
    expect(applyOverride(manifest, '{oops')).toBe(manifest);
    expect(applyOverride(manifest, null)).toBe(manifest);
  });
});

describe('createRemoteRegistry', () => {
  it('registers the manifest once and loads the default export', async () => {
    const runtime = fakeRuntime(async () => ({ default: Component }));
    const getManifest = vi.fn(async () => manifest);
    const registry = createRemoteRegistry({ runtime, getManifest });
    await expect(registry.load('remote_tasks', 'TaskHall')).resolves.toBe(Component);
    await registry.load('remote_team', 'TeamPage');
    expect(getManifest).toHaveBeenCalledOnce();
    expect(runtime.registerRemotes).toHaveBeenCalledOnce();
    expect(runtime.registerRemotes).toHaveBeenCalledWith(manifest.remotes);
    expect(runtime.loadRemote).toHaveBeenCalledWith('remote_tasks/TaskHall');
  });

  it('fetches the manifest again after it failed', async () => {
    const runtime = fakeRuntime(async () => ({ default: Component }));
    const getManifest = vi.fn<() => Promise<RemoteManifest>>().mockRejectedValueOnce(new ManifestError('down')).mockResolvedValue(manifest);
    const registry = createRemoteRegistry({ runtime, getManifest });
    await expect(registry.load('remote_tasks', 'TaskHall')).rejects.toThrow('down');
    await expect(registry.load('remote_tasks', 'TaskHall')).resolves.toBe(Component);
    expect(getManifest).toHaveBeenCalledTimes(2);
  });

  it('forces a fresh download of the remote on retry', async () => {
    const runtime = fakeRuntime(async () => ({ default: Component }));
    runtime.loadRemote.mockRejectedValueOnce(new Error('ScriptExternalLoadError'));
    const registry = createRemoteRegistry({ runtime, getManifest: async () => manifest });
    await expect(registry.load('remote_tasks', 'TaskHall')).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(registry.load('remote_tasks', 'TaskHall', true)).resolves.toBe(Component);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([manifest.remotes[0]], { force: true });
  });

  it('asks once more on retry when a preload hint of that remote failed, and only then', async () => {
    const hinted = fakeRuntime(async () => ({ default: Component }));
    hinted.loadRemote.mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('ChunkLoadError: the stored failure of the hint'));
    const hintFailed = vi.fn(() => true);
    const registry = createRemoteRegistry({ runtime: hinted, getManifest: async () => manifest, hintFailed });
    // The first load is not a retry: it reports the failure at once.
    await expect(registry.load('remote_tasks', 'TaskHall')).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(registry.load('remote_tasks', 'TaskHall', true)).resolves.toBe(Component);
    expect(hinted.loadRemote).toHaveBeenCalledTimes(3);
    expect(hintFailed).toHaveBeenCalledWith('/remotes/tasks/remoteEntry.js');

    const unhinted = fakeRuntime(async () => ({ default: Component }));
    unhinted.loadRemote.mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('still offline'));
    const plain = createRemoteRegistry({ runtime: unhinted, getManifest: async () => manifest, hintFailed: () => false });
    await expect(plain.load('remote_tasks', 'TaskHall')).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(plain.load('remote_tasks', 'TaskHall', true)).rejects.toBeInstanceOf(RemoteLoadError);
    expect(unhinted.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('takes the entry a rollback or fix shipped since the page opened on retry', async () => {
    const runtime = fakeRuntime(async () => ({ default: Component }));
    const rolledBack = { name: 'remote_tasks', entry: '/remotes/tasks/0.1.0-abc/remoteEntry.js' };
    const getManifest = vi.fn<() => Promise<RemoteManifest>>().mockResolvedValueOnce(manifest).mockResolvedValue({ remotes: [rolledBack] });
    const registry = createRemoteRegistry({ runtime, getManifest });
    await registry.load('remote_tasks', 'TaskHall');
    await registry.load('remote_tasks', 'TaskHall', true);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([rolledBack], { force: true });
    await registry.load('remote_team', 'TeamPage');
    expect(getManifest).toHaveBeenCalledTimes(2);
  });

  it('fails clearly for a remote missing from the manifest or without a component', async () => {
    const runtime = fakeRuntime(async () => ({}));
    const registry = createRemoteRegistry({ runtime, getManifest: async () => manifest });
    await expect(registry.load('remote_wallet', 'BalanceCard')).rejects.toThrow('remote_wallet is not in the remote manifest');
    await expect(registry.load('remote_tasks', 'TaskHall')).rejects.toThrow('has no default component');
  });

  it('applies the development override before registering', async () => {
    const runtime = fakeRuntime(async () => ({ default: Component }));
    const registry = createRemoteRegistry({
      runtime,
      getManifest: async () => manifest,
      getOverride: () => JSON.stringify({ remote_tasks: 'http://localhost:3001/remoteEntry.js' }),
    });
    await registry.load('remote_tasks', 'TaskHall');
    expect(runtime.registerRemotes.mock.calls[0]?.[0]).toContainEqual({ name: 'remote_tasks', entry: 'http://localhost:3001/remoteEntry.js' });
  });
});
