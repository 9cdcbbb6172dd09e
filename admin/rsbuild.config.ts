import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { consoleApiProxy } from '../tools/mf/rsbuild';

/**
 * The operator console: a plain single-page build (no federation), served by the same server at
 * /admin/. Desktop browsers only, so the default modern targets; nothing here is shared with the
 * earner's shell, whose first load never names these files.
 */
export default defineConfig({
  // The console is in English: its page says so, for screen readers and the browser's translation.
  html: { template: './src/index.html', title: 'Grab operator console', meta: { robots: 'noindex' } },
  source: { entry: { index: './src/index.tsx' } },
  output: { assetPrefix: '/admin/', cleanDistPath: true },
  server: { port: 5190, strictPort: true, base: '/admin', proxy: consoleApiProxy() },
  plugins: [pluginReact()],
});
