import type { ExposedModule, RemoteName } from './remote-modules';

/**
 * What the first screen of each route needs before it can paint: the host's lazy chunk groups (by
 * the chunk names the host gives its dynamic imports) and the remote module it shows. The server
 * reads this to hint those files in index.html, so the phone downloads them while the host bundle
 * is still arriving; the host's own preload reads the same list, so the two cannot drift apart.
 */
export interface FirstScreen {
  hostChunks: readonly HostChunk[];
  remote?: { [R in RemoteName]: { name: R; expose: ExposedModule<R> } }[RemoteName];
  /**
   * The API reads (GET, no query) the screen asks for first, signed in. index.html starts them
   * before the app's code has arrived (@grab/shared/early-calls); the host's prefetch asks for the
   * same ones, and its test checks that the two lists agree.
   */
  calls?: readonly string[];
}

/** Chunk names of the host's dynamic imports that a first screen waits on. */
export const HOST_CHUNKS = ['login-page', 'register-page', 'account-page', 'federation-runtime'] as const;
export type HostChunk = (typeof HOST_CHUNKS)[number];

const home: FirstScreen = {
  hostChunks: ['federation-runtime'],
  remote: { name: 'remote_tasks', expose: 'TaskHall' },
  calls: ['/app/task/list', '/app/user/assetInfo', '/app/user/level-info', '/app/currency/list'],
};

/** Keyed by pathname; a route missing here gets no hints (it paints from the host bundle alone). */
export const FIRST_SCREENS: Readonly<Record<string, FirstScreen>> = {
  '/': home,
  '/home': home,
  '/user': { hostChunks: ['account-page', 'federation-runtime'], remote: { name: 'remote_wallet', expose: 'BalanceCard' } },
  '/team': { hostChunks: ['federation-runtime'], remote: { name: 'remote_team', expose: 'TeamPage' } },
  '/userLevel': { hostChunks: ['federation-runtime'], remote: { name: 'remote_team', expose: 'LevelPage' } },
  '/luckyDraw': { hostChunks: ['federation-runtime'], remote: { name: 'remote_draw', expose: 'LuckyDrawPage' } },
  '/wsTask': { hostChunks: ['federation-runtime'], remote: { name: 'remote_tasks', expose: 'MessagingNumber' } },
  '/login': { hostChunks: ['login-page'] },
  '/register': { hostChunks: ['register-page'] },
};

/** The file the host build writes beside index.html: chunk name → files under the host's root. */
export const HOST_CHUNKS_FILE = 'first-screen-chunks.json';

/** The id of the `<script type="application/json">` in which the server embeds `/remotes.json`. */
export const EMBEDDED_MANIFEST_ID = 'grab-remotes';

/** The id of the `<script type="application/json">` in which the server embeds `/public/commonConfig`. */
export const EMBEDDED_CONFIG_ID = 'grab-config';

/**
 * The file each app's build writes beside its entry: language key → the files of that language's
 * texts (the app's own namespace; the host's also holds the common one). The server hints the
 * earner's language from it, so the texts no longer wait for the code that asks for them.
 */
export const LOCALE_CHUNKS_FILE = 'locale-chunks.json';

/**
 * The cookie that tells the server which language to hint. The language itself stays in local
 * storage (the app reads it there); the cookie only mirrors it, so a missing or stale one costs a
 * wasted download, never a wrong text.
 */
export const LANGUAGE_COOKIE = 'grab_lang';
