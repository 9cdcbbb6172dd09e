import type { ReactNode } from 'react';
import { LanguageKey } from '@grab/shared/contracts';
import { languageByKey } from '@grab/shared/i18n/languages';

/** The languages an operator translates into; English is the object's own columns. */
export const OTHER_LANGUAGES = LanguageKey.options.filter((l) => l !== 'en-US');

/**
 * Each language named in English from its BCP 47 tag ("Indonesian" for hi-IND's id-ID): SPEC's
 * storage keys do not say the language (br-BR is Spanish, ng-HA Hausa), so the key only follows.
 */
const LANGUAGE_NAMES = new Intl.DisplayNames('en', { type: 'language' });
const englishName = (key: LanguageKey) => {
  const primary = languageByKey(key).tag.split('-')[0] ?? key;
  return LANGUAGE_NAMES.of(primary) ?? key;
};
const languageLabel = (key: LanguageKey) => `${englishName(key)} (${key})`;

/** How many of the 8 languages an object speaks (English and its stored translations), flagged when short. */
export function LanguageCount({ texts }: { texts: object }) {
  const count = 1 + Object.keys(texts).length;
  return count < LanguageKey.options.length ? <span className="warning">{count}/8</span> : <>8/8</>;
}

/** The warning under a form's texts: which languages have no title yet. */
export function MissingTranslations({ texts }: { texts: Partial<Record<string, { title?: string } | undefined>> | undefined }) {
  const missing = OTHER_LANGUAGES.filter((l) => !texts?.[l]?.title?.trim());
  return missing.length > 0 ? (
    <p className="warning" role="status">
      Missing translation: {missing.map(englishName).join(', ')}. Earners of these languages will read English.
    </p>
  ) : null;
}

/** One language's column of a form's texts, in that language's direction (Urdu right to left). */
export function LanguageBox({ language, children }: { language: LanguageKey; children: ReactNode }) {
  const { tag, dir } = languageByKey(language);
  return (
    <div className="language" lang={tag} dir={dir}>
      <h3>
        <bdi lang="en">{languageLabel(language)}</bdi>
      </h3>
      {children}
    </div>
  );
}
