/**
 * Rsbuild settings shared by the host and the remotes (see notes/first-load-bytes.md for the
 * measurements behind them). Plain objects: each app's rsbuild.config.ts adds the plugins.
 */

/** Earners use current Chrome on Android; no legacy transforms or polyfills are shipped. */
export const BROWSERSLIST = ['last 2 Chrome versions', 'last 2 ChromeAndroid versions'];

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
    // In production only remoteEntry.js and its chunks are used; the page exists in dev only.
    tools: { htmlPlugin: standalone },
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
