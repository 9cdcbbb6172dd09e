import { LANGUAGES, type LanguageKey, useNavigate, useT } from '@grab/shared';
import { useState } from 'react';
import styles from './language.module.css';
import { useSwitchLanguage } from './use-switch-language';

/** The chooser page of the Account menu: the 8 languages by their own names. */
export function LanguagePage() {
  const { t, language } = useT('host');
  const navigate = useNavigate();
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

  function back() {
    if (window.history.state && window.history.state.idx > 0) navigate(-1);
    else navigate('/user', { replace: true });
  }

  return (
    <div className={styles.page}>
      <div>
        <button type="button" className={styles.back} onClick={back}>
          <span aria-hidden="true" className={styles.arrow}>
            ←
          </span>
          {t('page.back')}
        </button>
      </div>
      <fieldset className={`g-card ${styles.list}`} aria-busy={pending !== null}>
        <legend className={styles.legend}>
          <h1 className={styles.title}>{t('language.title')}</h1>
        </legend>
        {LANGUAGES.map((l) => (
          <label key={l.key} className={styles.option}>
            <input type="radio" name="language" value={l.key} checked={l.key === language} onChange={() => void choose(l.key)} />
            <span className={styles.name} lang={l.tag}>
              {l.name}
            </span>
            <span className={styles.currency}>{l.currency}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
