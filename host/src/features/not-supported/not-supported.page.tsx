import { BackButton, PATHS, useT } from '@grab/shared';
import { useEffect, useRef } from 'react';
import styles from './not-supported.module.css';

interface StandalonePageProps {
  title: string;
  text: string;
}

function StandalonePage({ title, text }: StandalonePageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <BackButton fallback={PATHS.home} />
      </header>
      <section className={`g-card ${styles.card}`}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        <p>{text}</p>
      </section>
    </div>
  );
}

/** The standalone routes that later issues fill from remotes. */
export function NotSupportedPage() {
  const { t } = useT('host');
  return <StandalonePage title={t('page.notSupportedTitle')} text={t('page.notSupportedText')} />;
}

export function NotFoundPage() {
  const { t } = useT('host');
  return <StandalonePage title={t('page.notFoundTitle')} text={t('page.notFoundText')} />;
}
