import { EMBEDDED_MANIFEST_ID } from '@grab/shared/first-screens';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedData } from '../test-utils';
import { manifestSource, readEmbeddedManifest, type RemoteManifest } from './remote-manifest';

const embedded: RemoteManifest = { remotes: [{ name: 'remote_tasks', entry: '/remotes/tasks/remoteEntry.js' }] };
const fetched: RemoteManifest = { remotes: [{ name: 'remote_tasks', entry: 'https://cdn.grab.example/tasks/remoteEntry.js' }] };

const embed = (text: string) => embedData(EMBEDDED_MANIFEST_ID, text);

afterEach(() => {
  document.getElementById(EMBEDDED_MANIFEST_ID)?.remove();
});

describe('the manifest embedded in index.html', () => {
  it('is used without asking the network, once: a Retry asks the server for the latest', async () => {
    // As the server writes it: `<` escaped so that no text can close the element.
    embed(JSON.stringify(embedded).replace(/</g, '\\u003c'));
    const fetcher = vi.fn(async () => Response.json(fetched));
    const loadManifest = manifestSource(document, fetcher);
    await expect(loadManifest()).resolves.toEqual(embedded);
    expect(fetcher).not.toHaveBeenCalled();
    await expect(loadManifest()).resolves.toEqual(fetched);
    expect(fetcher).toHaveBeenCalledOnce();
  });

  it('falls back to fetching /remotes.json when the page has none', async () => {
    const fetcher = vi.fn(async () => Response.json(fetched));
    expect(readEmbeddedManifest()).toBeNull();
    await expect(manifestSource(document, fetcher)()).resolves.toEqual(fetched);
    expect(fetcher).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
  });

  it.each(['{not json', JSON.stringify({ remotes: [{ name: 'remote_tasks', entry: '//evil.example/remoteEntry.js' }] })])(
    'falls back to fetching when it is unusable: %s',
    async (text) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      embed(text);
      const fetcher = vi.fn(async () => Response.json(fetched));
      await expect(manifestSource(document, fetcher)()).resolves.toEqual(fetched);
      expect(fetcher).toHaveBeenCalledOnce();
    },
  );
});
