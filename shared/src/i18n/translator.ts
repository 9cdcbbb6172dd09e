/**
 * The part of a translation library the apps use, and nothing more: nested keys (`auth.login`),
 * `{{name}}` values and `_one` / `_other` plural forms chosen by the language's plural rules. A
 * general i18n library was ~49 KB of the first load's JavaScript to evaluate on a slow phone
 * before the first paint; this is a few hundred bytes.
 */
import { interpolate } from './interpolate';

export type Resources = Record<string, unknown>;

export interface TranslateOptions {
  /** The namespace; the default one when missing. */
  ns?: string;
  /** A BCP 47 tag; the current language when missing. */
  lng?: string;
  /** Picks the plural form (`key_one`, `key_other`, …) and is a value like any other. */
  count?: number;
  [value: string]: unknown;
}

type Listener = () => void;

function lookup(resources: Resources | undefined, key: string): unknown {
  let node: unknown = resources;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Resources)[part];
  }
  return node;
}

export class Translator {
  readonly #bundles = new Map<string, Resources>();
  readonly #plurals = new Map<string, Intl.PluralRules>();
  readonly #languageListeners = new Set<Listener>();
  readonly #addedListeners = new Set<Listener>();
  language: string;
  readonly defaultNamespace: string;

  constructor(language: string, defaultNamespace: string) {
    this.language = language;
    this.defaultNamespace = defaultNamespace;
  }

  /** `languageChanged` after `changeLanguage`, `added` after texts arrive. */
  on(event: 'languageChanged' | 'added', listener: Listener): void {
    (event === 'added' ? this.#addedListeners : this.#languageListeners).add(listener);
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.#bundles.has(`${language}|${namespace}`);
  }

  /** Texts of one namespace in one language; keys arriving again replace the earlier ones. */
  addResourceBundle(language: string, namespace: string, resources: Resources): void {
    const id = `${language}|${namespace}`;
    this.#bundles.set(id, { ...this.#bundles.get(id), ...resources });
    for (const listener of this.#addedListeners) listener();
  }

  changeLanguage(language: string): Promise<void> {
    this.language = language;
    for (const listener of this.#languageListeners) listener();
    return Promise.resolve();
  }

  #pluralRules(language: string): Intl.PluralRules {
    let rules = this.#plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.#plurals.set(language, rules);
    }
    return rules;
  }

  /** The text of `key`, or the key itself when no text has it (a missing text shows, never blanks). */
  t(key: string, options: TranslateOptions = {}): string {
    const language = options.lng ?? this.language;
    const resources = this.#bundles.get(`${language}|${options.ns ?? this.defaultNamespace}`);
    let text: unknown;
    if (typeof options.count === 'number') {
      text = lookup(resources, `${key}_${this.#pluralRules(language).select(options.count)}`) ?? lookup(resources, `${key}_other`);
    }
    text ??= lookup(resources, key);
    if (typeof text !== 'string') return key;
    return interpolate(text, options);
  }
}
