import { useNavigate, useT } from '@grab/shared';
import { useEffect, useRef } from 'react';
import styles from './not-supported.module.css';

interface StandalonePageProps {
  title: string;
  text: string;
}

function StandalonePage({ title, text }: StandalonePageProps) {
  const navigate = useNavigate();
  const { t } = useT('host');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  function back() {
    // A page opened directly has no history entry to return to: go Home instead of leaving Grab.
    if (window.history.state && window.history.state.idx > 0) navigate(-1);
    else navigate('/home', { replace: true });
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <button type="button" className={styles.back} onClick={back}>
          <span aria-hidden="true" className={styles.arrow}>
            ←
          </span>
          {t('page.back')}
        </button>
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
