import type { ReactNode } from 'react';
import styles from './auth.module.css';

interface AuthScreenProps {
  id: string;
  title: string;
  intro: string;
  /** The language chooser, composed by the app: it is reachable before login. */
  languageChooser?: ReactNode;
  /** The form. */
  children: ReactNode;
  /** The line that leads to the other form (log in ↔ register). */
  footer: ReactNode;
}

/** The frame of the login and register screens: the brand, the language, one card. */
export function AuthScreen({ id, title, intro, languageChooser, children, footer }: AuthScreenProps) {
  return (
    <div className={styles.page}>
      <div className={styles.brand}>
        <span className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true">
            G
          </span>
          Grab
        </span>
        {languageChooser}
      </div>
      <section className={`g-card ${styles.card}`} aria-labelledby={id}>
        <div className={styles.heading}>
          <h1 id={id} className={styles.title}>
            {title}
          </h1>
          <p className={styles.intro}>{intro}</p>
        </div>
        {children}
        {footer ? <p className={styles.switch}>{footer}</p> : null}
      </section>
    </div>
  );
}
