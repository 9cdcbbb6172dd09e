import type { ReactNode } from 'react';
import { LanguageKey } from '@grab/shared/contracts';

/** The languages an operator translates into; English is the object's own columns. */
export const OTHER_LANGUAGES = LanguageKey.options.filter((l) => l !== 'en-US');

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
      Missing translation: {missing.join(', ')}. Earners of these languages will read English.
    </p>
  ) : null;
}

/** One language's column of a form's texts, in that language's direction (Urdu right to left). */
export function LanguageBox({ language, children }: { language: string; children: ReactNode }) {
  const urdu = language === 'ur-PK';
  return (
    <div className="language" lang={urdu ? 'ur' : undefined} dir={urdu ? 'rtl' : undefined}>
      <h3>{language}</h3>
      {children}
    </div>
  );
}
