/**
 * Rsbuild settings shared by the host and the remotes (see notes/first-load-bytes.md for the
 * measurements behind them). Plain objects: each app's rsbuild.config.ts adds the plugins.
 */

/** Earners use current Chrome on Android; no legacy transforms or polyfills are shipped. */
export const BROWSERSLIST = ['last 2 Chrome versions', 'last 2 ChromeAndroid versions'];

import fs from 'node:fs';
import { HOST_APP, remoteApp } from './apps';

/** The host's dev port; each remote has its own in apps.json, so any of them can run alone with hot reload. */
export const HOST_DEV_PORT = HOST_APP.devPort;

/** Where the one Grab process (API + static) listens while developing. */
export const API_ORIGIN = process.env.GRAB_API ?? 'http://127.0.0.1:8080';

/** True for `rsbuild dev` or GRAB_STANDALONE=1: the app runs alone with hot reload. */
export function isStandalone(command: string): boolean {
  return command === 'dev' || process.env.GRAB_STANDALONE === '1';
}

export function remoteRsbuild(mfName: string, standalone: boolean) {
  const { devPort: port, title } = remoteApp(mfName);
  return {
    source: { entry: { index: './src/index.ts' } },
    output: {
      // Chunks are requested from wherever remoteEntry.js was loaded, not from the host's origin.
      assetPrefix: 'auto',
      overrideBrowserslist: BROWSERSLIST,
    },
    tools: {
      // In production only remoteEntry.js and its chunks are used; the page exists in dev only.
      htmlPlugin: standalone,
      rspack: (config: RspackConfig, { rspack }: { rspack: RspackApi }) => {
        config.plugins = [...(config.plugins ?? []), ...esmBundlerRuntime(rspack)];
      },
    },
    html: { title },
    // Lazy compilation asks the page's own origin to compile a chunk; inside the host that is the
    // host's dev server, which does not know this remote's chunks.
    dev: { assetPrefix: 'auto', lazyCompilation: false },
    server: {
      port,
      strictPort: true,
      // The host on another port loads remoteEntry.js and chunks from this server.
      cors: true,
      proxy: apiProxy(),
    },
  };
}

/**
 * The dev servers forward API calls and the deployed remotes to the running Grab process. POST
 * /login is the API; GET /login is the login page, served by the dev server itself.
 */
export function apiProxy() {
  return [
    {
      pathFilter: ['/app', '/public', '/api', '/remotes', '/remotes.json', '/health'],
      target: API_ORIGIN,
      changeOrigin: true,
    },
    {
      pathFilter: ['/login'],
      target: API_ORIGIN,
      changeOrigin: true,
      bypass: (req: { method?: string }) => (req.method === 'GET' || req.method === 'HEAD' ? true : null),
    },
  ];
}

/**
 * The console's dev server: the earner app's forwarding, and its own calls. The console's page and
 * its files live under /admin/ as its calls do (its screens are named after `#`), so a request is
 * told by what it asks for: the API client always asks for JSON, the browser's page, script and
 * hot-update requests never do.
 */
export function consoleApiProxy() {
  return [
    ...apiProxy(),
    {
      pathFilter: ['/admin'],
      target: API_ORIGIN,
      changeOrigin: true,
      bypass: (req: { headers: { accept?: string } }) => (req.headers.accept?.includes('application/json') ? null : true),
    },
  ];
}

// The parts of Rspack this file touches, written out: this folder has no Rspack of its own to take
// the types from (see locale-chunks.plugin.ts).
interface RspackModule {
  resource?: string;
}
interface RspackCompilation {
  errors: Error[];
  hooks: { finishModules: { tap(name: string, callback: (modules: Iterable<RspackModule>) => void): void } };
}
interface RspackCompiler {
  hooks: { thisCompilation: { tap(name: string, callback: (compilation: RspackCompilation) => void): void } };
}
interface RspackPlugin {
  apply(compiler: RspackCompiler): void;
}
interface RspackApi {
  NormalModuleReplacementPlugin: new (resource: RegExp, newResource: (data: { request: string }) => void) => unknown;
}
interface RspackConfig {
  plugins?: unknown[];
}

const BUNDLER_RUNTIME_CJS = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.cjs$/;
const BUNDLER_RUNTIME_ESM = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.js$/;

/**
 * Rspack's Module Federation plugin imports its bundler runtime by the path `require.resolve`
 * gives, the CommonJS build. CommonJS cannot be tree-shaken, so every remoteEntry.js carried the
 * whole federation SDK, switches such as `disableRemote` included (measured: the tasks entry went
 * from 13.4 to 8.5 KB on the wire with the ES build, bench/README.md). The swap points the import at the ES build beside
 * it. A build where the swap did not happen fails: a plugin update that moves the file must not
 * quietly bring the CommonJS build back.
 */
function esmBundlerRuntime(rspack: RspackApi): unknown[] {
  const swap = new rspack.NormalModuleReplacementPlugin(BUNDLER_RUNTIME_CJS, (data) => {
    const esm = data.request.replace(/index\.cjs$/, 'index.js');
    if (!fs.existsSync(esm)) {
      throw new Error(`the ES build of the federation bundler runtime is missing: ${esm} (tools/mf/rsbuild.ts)`);
    }
    data.request = esm;
  });
  const check: RspackPlugin = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('grab:esm-bundler-runtime', (compilation) => {
        compilation.hooks.finishModules.tap('grab:esm-bundler-runtime', (modules) => {
          const resources = [...modules].map((module) => module.resource ?? '');
          if (resources.some((resource) => BUNDLER_RUNTIME_CJS.test(resource))) {
            compilation.errors.push(new Error('the CommonJS build of the federation bundler runtime is still bundled: the swap in tools/mf/rsbuild.ts no longer matches'));
          } else if (!resources.some((resource) => BUNDLER_RUNTIME_ESM.test(resource))) {
            compilation.errors.push(new Error('the federation bundler runtime was not found among the modules: check the swap in tools/mf/rsbuild.ts against the Module Federation plugin'));
          }
        });
      });
    },
  };
  return [swap, check];
}
