import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import apps from '../../../apps.json';
import { REMOTE_MODULES } from './remote-modules';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

describe('the remotes and what they expose', () => {
  it('names the same remotes as the list of apps', () => {
    expect(Object.keys(REMOTE_MODULES).sort()).toEqual(apps.remotes.map((r) => r.mfName).sort());
  });

  // The typecheck already holds each config to its list; this also catches a config that stopped
  // using the typed helper.
  it.each(apps.remotes)('$folder exposes exactly its listed modules', (app) => {
    const config = fs.readFileSync(path.join(root, app.folder, 'module-federation.config.ts'), 'utf8');
    const exposed = [...config.matchAll(/'\.\/([A-Za-z]+)':/g)].map((m) => m[1]).sort();
    expect(exposed).toEqual([...REMOTE_MODULES[app.mfName as keyof typeof REMOTE_MODULES]].sort());
    expect(config).toContain(`remoteFederation('${app.mfName}'`);
  });
});
