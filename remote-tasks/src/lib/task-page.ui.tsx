import { directionOf, BackButton, Link, LoadingBlocks, PATHS, useT } from '@grab/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { registerTaskPagesLocales, registerTasksLocales, TASK_PAGES_NS, TASKS_NS } from '../locales/tasks.locales';
import { type TaskRef, taskDetailHref } from './step-navigation.lib';
import styles from './task-page.module.css';

// Every task page imports this frame: the texts start loading as soon as any of them is loaded.
registerTasksLocales();
registerTaskPagesLocales();

/** The frame of every standalone task page: Back, then the page's heading (focused on arrival). */
export function TaskPage({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={`g-page ${styles.page}`}>
      <header className={styles.header}>
        <BackButton fallback={PATHS.home} />
      </header>
      <h1 ref={heading} tabIndex={-1} className={styles.title} dir={directionOf(title)}>
        {title}
      </h1>
      {children}
    </div>
  );
}

/** A task page opened with a query it cannot use (a mistyped or cut link). */
export function BrokenLink() {
  const { t: pages } = useT(TASK_PAGES_NS);
  return (
    <TaskPage title={pages('page.brokenTitle')}>
      <p className="g-problem">{pages('page.brokenText')}</p>
    </TaskPage>
  );
}

/** The line of a status screen: the state in words and what to do about it. */
export function Outcome({
  tone,
  title,
  text,
  children,
}: {
  tone: 'info' | 'success' | 'danger' | 'muted';
  title: string;
  text?: string | null;
  children?: ReactNode;
}) {
  return (
    <section className={`g-card ${styles.outcome}`} data-tone={tone}>
      <h2 className={styles.outcomeTitle}>{title}</h2>
      {text ? (
        <p className={styles.outcomeText} dir={directionOf(text)}>
          {text}
        </p>
      ) : null}
      {children}
    </section>
  );
}

/** A step page opened while its step cannot be done (not started there, or already over): the detail page says what can. */
export function StepUnavailable({ task }: { task: TaskRef }) {
  const { t } = useT(TASKS_NS);
  return (
    <Outcome tone="muted" title={t('share.unavailableTitle')} text={t('share.unavailableText')}>
      <Link to={taskDetailHref(task)} className="g-button g-button--secondary">
        {t('share.toDetail')}
      </Link>
    </Outcome>
  );
}

/** Task pages render once their texts are loaded: never a raw key on a slow link. */
export function WhenTextsReady({ children }: { children: ReactNode }) {
  const { ready } = useT(TASKS_NS);
  const { ready: pagesReady } = useT(TASK_PAGES_NS);
  if (ready && pagesReady) return children;
  return (
    <div className="g-page">
      <LoadingBlocks count={2} blockSize="6rem" />
    </div>
  );
}
