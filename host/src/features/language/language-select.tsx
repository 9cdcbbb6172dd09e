import { LANGUAGES, type LanguageKey, useT } from '@grab/shared';
import { useId } from 'react';
import styles from './language.module.css';
import { useSwitchLanguage } from './use-switch-language';

/** The compact chooser of the login and register pages: reachable before any session exists. */
export function LanguageSelect() {
  const id = useId();
  const { t, language } = useT('host');
  const switchLanguage = useSwitchLanguage();
  return (
    <div className={styles.select}>
      <label htmlFor={id} className={styles.selectLabel}>
        <GlobeIcon />
        <span className="g-visually-hidden">{t('language.label')}</span>
      </label>
      <select id={id} value={language} onChange={(event) => void switchLanguage(event.target.value as LanguageKey)}>
        {LANGUAGES.map((l) => (
          <option key={l.key} value={l.key} lang={l.tag}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
    </svg>
  );
}
