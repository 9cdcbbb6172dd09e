import { BackButton, LANGUAGES, type LanguageKey, PATHS, useT } from '@grab/shared';
import { useState } from 'react';
import styles from './language.module.css';
import { useSwitchLanguage } from './use-switch-language';

/** The chooser page of the Account menu: the 8 languages by their own names. */
export function LanguagePage() {
  const { t, language } = useT('host');
  const switchLanguage = useSwitchLanguage();
  const [pending, setPending] = useState<LanguageKey | null>(null);

  async function choose(key: LanguageKey) {
    if (key === language || pending) return;
    setPending(key);
    try {
      await switchLanguage(key);
    } finally {
      setPending(null);
    }
  }

  return (
    <div className={styles.page}>
      <div>
        <BackButton fallback={PATHS.user} />
      </div>
      <fieldset className={`g-card ${styles.list}`} aria-busy={pending !== null}>
        <legend className={styles.legend}>
          <h1 className={styles.title}>{t('language.title')}</h1>
        </legend>
        {LANGUAGES.map((l) => (
          <label key={l.key} className={styles.option}>
            <input type="radio" name="language" value={l.key} checked={l.key === language} onChange={() => void choose(l.key)} />
            {/* No currency beside the name: amounts stay in the account's whatever the language. */}
            <span className={styles.name} lang={l.tag}>
              {l.name}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
