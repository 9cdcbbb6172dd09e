import fs from 'node:fs';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { HOST_CHUNKS, HOST_CHUNKS_FILE } from '@grab/shared/first-screens';

/**
 * Writes dist/first-screen-chunks.json: the files of each named lazy chunk a first screen waits on
 * (`import(/* webpackChunkName: "login-page" *\/ …)`). The server reads it to put preload hints in
 * index.html; hashed names change with every build, so they cannot be written down by hand.
 */
export function pluginFirstScreenChunks(): RsbuildPlugin {
  return {
    name: 'grab:first-screen-chunks',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats) return;
        const json = stats.toJson({ all: false, chunkGroups: true, chunkGroupChildren: false });
        const groups = ('children' in json && json.children?.[0] ? json.children[0] : json).namedChunkGroups ?? {};
        const files: Record<string, string[]> = {};
        for (const name of HOST_CHUNKS) {
          const group = groups[name];
          if (!group) throw new Error(`no lazy chunk named ${name}: the host must name that dynamic import`);
          files[name] = (group.assets ?? []).map((asset) => asset.name).filter((file) => /\.(js|css)$/.test(file));
        }
        fs.writeFileSync(path.join(api.context.distPath, HOST_CHUNKS_FILE), `${JSON.stringify(files, null, 2)}\n`);
      });
    },
  };
}
