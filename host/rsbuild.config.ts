import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { apiProxy, BROWSERSLIST, HOST_DEV_PORT } from '../tools/mf/rsbuild';
import { pluginLocaleChunks } from '../tools/mf/locale-chunks.plugin';
import { pluginFirstScreenChunks } from './build/first-screen-chunks.plugin';
import { pluginServiceWorker } from './build/service-worker.plugin';

// The federation runtime core that remotes built with `externalRuntime` expect on a global
// (src/app/remotes/federation-runtime.ts). It is a dependency of @module-federation/enhanced; the
// package manager keeps it beside that package, so the bundler looks there too.
const federationDeps = path.resolve(fs.realpathSync(path.join(import.meta.dirname, 'node_modules/@module-federation/enhanced')), '../..');

// The core's snapshot handler, which fetches and reads mf-manifest.json files: the host never
// registers a remote that way (build/snapshot-handler.stub.js), so a stub takes its place.
const SNAPSHOT_HANDLER = /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/;
const SNAPSHOT_HANDLER_STUB = path.join(import.meta.dirname, 'build/snapshot-handler.stub.js');

// The product's mark as the page's icon, inside index.html: on slow mobile data a request of its own
// would hold one of the page's few connections while the first screen loads. (The installed app's
// icons come from the manifest.)
const FAVICON = `data:image/svg+xml,${encodeURIComponent(fs.readFileSync(path.join(import.meta.dirname, 'src/app/favicon.svg'), 'utf8').trim())}`;

// A locale file of the host or of @grab/shared's common texts; the group is its language key.
const LOCALE_FILE = /[\\/](?:host[\\/]src|shared[\\/]src[\\/]i18n)[\\/]locales[\\/]([A-Za-z-]+)\.json$/;

export default defineConfig({
  html: {
    // lang and dir are right before any script runs; initI18n then sets the stored language.
    template: './src/index.html',
    title: 'Grab',
    tags: [
      { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: FAVICON }, head: true, append: false },
      // The host's own scripts run before anything else can: a deferred script is asked for at low
      // priority, so on one HTTP/2 connection they would come after every file and call of the
      // first screen. Asked for first, they are evaluated while the rest arrives.
      (tags) => tags.map((t) => (t.tag === 'script' && typeof t.attrs?.src === 'string' ? { ...t, attrs: { ...t.attrs, fetchpriority: 'high' } } : t)),
    ],
    meta: {
      description: 'Grab: earn points with small tasks, grow a team, withdraw to bank, UPI or wallet.',
      'theme-color': '#0a8f5a',
      viewport: 'width=device-width, initial-scale=1, viewport-fit=cover',
    },
  },
  output: {
    overrideBrowserslist: BROWSERSLIST,
    // 2 KB of shell styles: inline, they cost no render-blocking request.
    inlineStyles: true,
  },
  source: {
    entry: { index: './src/index.tsx' },
    define: {
      // Build-time switches of the federation runtime chunk: browser only, and no snapshot plugin
      // (remotes are registered by their remoteEntry.js URL, never by an mf-manifest.json).
      ENV_TARGET: JSON.stringify('web'),
      FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
    },
  },
  tools: {
    rspack: (config, { rspack }) => {
      // Bundler-only: TypeScript reads its declaration from src/env.d.ts.
      config.resolve ??= {};
      config.resolve.modules = [...(config.resolve.modules ?? ['node_modules']), federationDeps];
      config.plugins = [
        ...(config.plugins ?? []),
        new rspack.NormalModuleReplacementPlugin(/[\\/]SnapshotHandler\.js$/, (data: { request: string; context?: string }) => {
          if (SNAPSHOT_HANDLER.test(path.resolve(data.context ?? '', data.request))) data.request = SNAPSHOT_HANDLER_STUB;
        }),
      ];
    },
  },
  // One vendor chunk beside the entry: fewer requests on slow mobile data, and it caches well. Only
  // libraries of the initial chunks go there: the federation runtime (first remote section) and the
  // phone-number metadata (a form is submitted) stay in their own lazy chunks.
  splitChunks: {
    preset: 'none',
    cacheGroups: {
      // Lazy chunks keep their libraries and the shared code they use: a separate chunk of what two
      // lazy screens have in common is one more request on slow mobile data for a few KB. (The
      // bundler's two default groups apply unless they are switched off here, inside cacheGroups.)
      default: false,
      defaultVendors: false,
      // The host's texts and @grab/shared's common texts of one language are always needed
      // together: one chunk per language (`texts-ur-PK`, …), one request instead of two.
      texts: {
        test: LOCALE_FILE,
        name: (module: { nameForCondition(): string | undefined }) => `texts-${LOCALE_FILE.exec(module.nameForCondition() ?? '')?.[1] ?? 'other'}`,
        chunks: 'async',
        priority: 10,
        enforce: true,
      },
      singleVendor: {
        test: /[\\/]node_modules[\\/](?!.*libphonenumber-js)/,
        name: 'vendor',
        chunks: 'initial',
        priority: 0,
        enforce: true,
      },
    },
  },
  server: {
    port: HOST_DEV_PORT,
    strictPort: true,
    proxy: apiProxy(),
  },
  plugins: [
    pluginReact(),
    pluginServiceWorker(),
    pluginFirstScreenChunks(),
    // The host's texts and the common ones of @grab/shared, which the host bundles for everyone.
    pluginLocaleChunks({ roots: [path.join(import.meta.dirname, 'src'), path.join(import.meta.dirname, '../shared/src/i18n')] }),
  ],
});
