import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai/react';
import type { LanguageKey } from '../contracts/user.contracts';
import { languageAtom, store } from '../store/store.atoms';
import { LANGUAGE_COOKIE } from '../remotes/first-screens';
import { LANGUAGES, languageByKey } from './languages';
import { Translator } from './translator';

/** The namespace of `./locales/<key>.json`: validation messages, server errors, common words. */
export const COMMON_NS = 'common';

export type LocaleLoader = (key: LanguageKey) => Promise<Record<string, unknown> | { default: Record<string, unknown> }>;

// One file per language, so each is its own chunk and only the chosen one is downloaded.
const commonLoaders: Record<LanguageKey, () => Promise<{ default: Record<string, unknown> }>> = {
  'en-US': () => import('./locales/en-US.json'),
  'hi-IN': () => import('./locales/hi-IN.json'),
  'hi-IND': () => import('./locales/hi-IND.json'),
  'br-BR': () => import('./locales/br-BR.json'),
  'ur-PK': () => import('./locales/ur-PK.json'),
  'bn-BD': () => import('./locales/bn-BD.json'),
  'ph-PH': () => import('./locales/ph-PH.json'),
  'ng-HA': () => import('./locales/ng-HA.json'),
};

const loaders = new Map<string, LocaleLoader>([[COMMON_NS, (key) => commonLoaders[key]()]]);
const loading = new Map<string, Promise<void>>();

/**
 * The one translator. It speaks BCP 47 tags (`id-ID`, not the storage key `hi-IND`), so plural
 * rules follow the real language. No fallback language: that would download English too, and every
 * file has every key (a test checks it). Texts are React text, so values are never HTML-escaped.
 */
export const i18n = new Translator(languageByKey(store.get(languageAtom)).tag, COMMON_NS);

function loadNamespace(key: LanguageKey, namespace: string): Promise<void> {
  const loader = loaders.get(namespace);
  if (!loader) return Promise.resolve();
  const id = `${key}|${namespace}`;
  const tag = languageByKey(key).tag;
  let promise = loading.get(id);
  if (!promise) {
    promise = loader(key).then(
      (module) => {
        const resources = 'default' in module && typeof module.default === 'object' && module.default !== null ? (module.default as Record<string, unknown>) : module;
        i18n.addResourceBundle(tag, namespace, resources);
      },
      (error: unknown) => {
        // Forget the failure so that the next switch or render tries again.
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, promise);
  }
  return promise;
}

function applyDocumentLanguage(key: LanguageKey) {
  const language = languageByKey(key);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language.tag;
  document.documentElement.dir = language.dir;
}

/**
 * Mirrors the language in a cookie, so the server can hint this language's texts in the next
 * index.html. Local storage stays the one the app reads; only the server needs the cookie.
 */
function tellServerLanguage(key: LanguageKey) {
  if (typeof document === 'undefined') return;
  if (document.cookie.split('; ').includes(`${LANGUAGE_COOKIE}=${key}`)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed key and a language key, nothing to escape; the Cookie Store API is missing in the test DOM.
  document.cookie = `${LANGUAGE_COOKIE}=${key}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Reads the stored language (else the phone's, else en-US), marks up `<html>` and loads the common
 * namespace. The language is stored even when it was the phone's, so that the early-call script of
 * index.html and the server's hints read the one this page shows.
 */
export async function initI18n(): Promise<void> {
  const key = store.get(languageAtom);
  store.set(languageAtom, key);
  applyDocumentLanguage(key);
  tellServerLanguage(key);
  await loadNamespace(key, COMMON_NS);
  if (i18n.language !== languageByKey(key).tag) await i18n.changeLanguage(languageByKey(key).tag);
}

/** Every registered namespace of a language, without switching to it (a question asked in it first). */
export async function loadLanguage(key: LanguageKey): Promise<void> {
  await Promise.all([...loaders.keys()].map((namespace) => loadNamespace(key, namespace)));
}

/** Loads every registered namespace of the new language first, so no screen flashes raw keys. */
export async function changeLanguage(key: LanguageKey): Promise<void> {
  const language = LANGUAGES.find((l) => l.key === key);
  if (!language) throw new Error(`Unknown language ${key}`);
  await loadLanguage(key);
  // The key is stored first: a render triggered by the language event must already see the new key.
  store.set(languageAtom, key);
  applyDocumentLanguage(key);
  tellServerLanguage(key);
  await i18n.changeLanguage(language.tag);
}

/**
 * Each app brings its own namespace; only the current language's file is fetched now, the others
 * on a switch. Works before or after `initI18n`.
 */
export function registerLocales(namespace: string, load: LocaleLoader): Promise<void> {
  if (!loaders.has(namespace)) loaders.set(namespace, load);
  return loadNamespace(store.get(languageAtom), namespace).catch((error: unknown) => {
    console.error(`Could not load the ${namespace} texts`, error);
  });
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

let revision = 0;
const revisionListeners = new Set<() => void>();
function bump() {
  revision++;
  for (const listener of revisionListeners) listener();
}
i18n.on('languageChanged', bump);
i18n.on('added', bump);

function subscribeRevision(listener: () => void) {
  revisionListeners.add(listener);
  return () => revisionListeners.delete(listener);
}
const getRevision = () => revision;

/**
 * `t` for one namespace and the current language key. Re-renders when the language changes and
 * when the namespace's texts arrive; `ready` is false until they have.
 */
export function useT(namespace: string = COMMON_NS): { t: Translate; language: LanguageKey; ready: boolean } {
  const current = useSyncExternalStore(subscribeRevision, getRevision, getRevision);
  const language = useAtomValue(languageAtom, { store });
  const tag = languageByKey(language).tag;
  const ready = i18n.hasResourceBundle(tag, namespace);

  useEffect(() => {
    if (!ready) loadNamespace(language, namespace).catch(() => undefined);
  }, [ready, language, namespace]);

  // `current` is a dependency so that memoised children see a new `t` after each change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const t = useCallback<Translate>((key, options) => i18n.t(key, { ...options, ns: namespace, lng: tag }), [current, namespace, tag]);
  return { t, language, ready };
}
