import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { apiProxy, BROWSERSLIST, DEV_PORTS } from '../tools/mf/rsbuild';
import { pluginPreloadBootstrap } from './build/preload-bootstrap.plugin';
import { pluginServiceWorker } from './build/service-worker.plugin';
import federation from './module-federation.config';

export default defineConfig({
  source: { entry: { index: './src/index.tsx' } },
  html: {
    // lang and dir are right before any script runs; initI18n then sets the stored language.
    template: './src/index.html',
    title: 'Grab',
    favicon: './src/app/favicon.svg',
    meta: {
      description: 'Grab: earn points with small tasks, grow a team, withdraw to bank, UPI or wallet.',
      'theme-color': '#0a8f5a',
      viewport: 'width=device-width, initial-scale=1, viewport-fit=cover',
    },
  },
  output: {
    overrideBrowserslist: BROWSERSLIST,
  },
  // One vendor chunk beside the entry: fewer requests on slow mobile data, and it caches well. The
  // phone-number metadata is left out: it is imported lazily, when a form is submitted.
  splitChunks: {
    preset: 'none',
    cacheGroups: {
      singleVendor: {
        test: /[\\/]node_modules[\\/](?!.*libphonenumber-js)/,
        name: 'vendor',
        chunks: 'all',
        priority: 0,
        enforce: true,
      },
    },
  },
  server: {
    port: DEV_PORTS.host,
    strictPort: true,
    proxy: apiProxy(),
  },
  plugins: [
    pluginReact(),
    pluginModuleFederation(federation),
    // Before the worker: its precache list is read from the final index.html.
    pluginPreloadBootstrap([/^\.\/src\/bootstrap\.tsx( \+ \d+ modules)?$/, /^\.\.\/shared\/src\/index\.ts( \+ \d+ modules)?$/]),
    pluginServiceWorker(),
  ],
});
