import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '../i18n/languages';
import { FIRST_SCREENS } from '../remotes/first-screens';
import { TOKEN_STORAGE_KEY, USER_INFO_STORAGE_KEY } from '../store/storage-keys';

/**
 * A signed-in first screen's API reads, started by a small script in index.html while the app's
 * code is still on its way: on slow mobile data the answers then arrive with the code instead of one
 * round trip after it. The API client takes such an answer in place of its own request when the
 * request would have been the same (address, token, language); anything else asks the server itself.
 */

/** Where the script leaves its calls on `window`. */
export const EARLY_CALLS_GLOBAL = '__grabEarlyCalls';

/** An early answer older than this is not taken: the screen asks again, as without the script. */
export const EARLY_CALL_MAX_AGE_MS = 30_000;

export interface EarlyAnswer {
  status: number;
  text: string;
}

export interface EarlyCall {
  url: string;
  authorization: string;
  language: string;
  startedAt: number;
  /** Null when the request failed: the client then sends its own, which reports the failure. */
  answer: Promise<EarlyAnswer | null>;
}

/**
 * The script's source, the same for every page and every earner (so one CSP hash allows it): it reads
 * the session and language the store keeps in local storage, and starts the calls of the screen
 * being opened. A page with a query (`?taskType=…`) asks for something else, so it starts nothing.
 * Plain ES5 and no dependencies: it runs before any bundle, on the oldest browser the app supports.
 */
export function earlyCallsScript(): string {
  const calls: Record<string, readonly string[]> = {};
  for (const [pathname, screen] of Object.entries(FIRST_SCREENS)) {
    if (screen.calls?.length) calls[pathname] = screen.calls;
  }
  const tags = Object.fromEntries(LANGUAGES.map((language) => [language.key, language.tag]));
  const k = JSON.stringify;
  return [
    '(function(w){try{',
    `var s=w.localStorage,t=s.getItem(${k(TOKEN_STORAGE_KEY)});`,
    `if(!t||!s.getItem(${k(USER_INFO_STORAGE_KEY)})||w.location.search)return;`,
    `var c=${k(calls)}[w.location.pathname];if(!c)return;`,
    `var l=${k(tags)}[s.getItem(${k(LANGUAGE_STORAGE_KEY)})]||${k(LANGUAGES[0]?.tag)},a="Bearer "+t;`,
    `w[${k(EARLY_CALLS_GLOBAL)}]=c.map(function(u){return{url:u,authorization:a,language:l,startedAt:Date.now(),`,
    `answer:w.fetch(u,{headers:{Accept:"application/json","Accept-Language":l,Authorization:a}})`,
    '.then(function(r){return r.text().then(function(x){return{status:r.status,text:x}})})',
    '.catch(function(){return null})}})',
    '}catch(e){}})(window)',
  ].join('');
}

/**
 * The early answer for a GET the client is about to send, taken once; null when the script did not
 * ask for exactly this (another address, another session or language, too old).
 */
export function takeEarlyCall(url: string, headers: Readonly<Record<string, string>>, now = Date.now()): Promise<EarlyAnswer | null> | null {
  const calls = (globalThis as { [EARLY_CALLS_GLOBAL]?: EarlyCall[] })[EARLY_CALLS_GLOBAL];
  if (!Array.isArray(calls)) return null;
  const at = calls.findIndex(
    (call) =>
      call.url === url &&
      call.authorization === headers.Authorization &&
      call.language === headers['Accept-Language'] &&
      now - call.startedAt <= EARLY_CALL_MAX_AGE_MS,
  );
  if (at < 0) return null;
  const [call] = calls.splice(at, 1);
  return call?.answer ?? null;
}
