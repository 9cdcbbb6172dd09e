import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginLocaleChunks } from '../tools/mf/locale-chunks.plugin';
import { isStandalone, remoteRsbuild } from '../tools/mf/rsbuild';
import { standaloneFederation } from '../tools/mf/federation';
import federation from './module-federation.config';

// `rsbuild dev` runs this remote alone (own MF runtime, own page, hot reload) on its dev port;
// `rsbuild build` emits dist/remoteEntry.js that runs on the host's runtime.
export default defineConfig(({ command }) => {
  const standalone = isStandalone(command);
  return {
    ...remoteRsbuild('remote_wallet', standalone),
    plugins: [pluginReact(), pluginLocaleChunks(), pluginModuleFederation(standalone ? standaloneFederation(federation) : federation)],
  };
});
