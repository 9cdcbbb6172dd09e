import { BackButton, useT } from '@grab/shared';
import type { ExposedModule, RemoteName } from '@grab/shared/remotes';
import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { TabBar } from '../layout/tab-bar';
import type { RemoteRegistry } from './remote-registry';
import styles from './remote-section.module.css';

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
  name: string;
}

/** Catches a remote that fails to load or throws while rendering, so only its section goes down. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The ${this.props.name} section failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RemoteFailed({ onRetry, page = false }: { onRetry: () => void; page?: boolean }) {
  const { t } = useT('host');
  const titleId = useId();
  // A whole page that failed has no other heading: its card's title is the page's.
  const Title = page ? 'h1' : 'h2';
  return (
    <section className={`g-card ${styles.failed}`} role="alert" aria-labelledby={titleId}>
      <Title id={titleId} className={styles.title}>
        {t('remote.failedTitle')}
      </Title>
      <p className={styles.text}>{t('remote.failedText')}</p>
      <button type="button" className="g-button" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </section>
  );
}

/**
 * A full-screen remote page that failed: its own Back was part of what failed to load, so the host
 * draws one, and the tab bar, so the earner is never left on a screen with no way out.
 */
function RemotePageFailed({ backTo, onRetry }: { backTo: string; onRetry: () => void }) {
  return (
    <div className={styles.page}>
      <main className={styles.pageContent}>
        <BackButton fallback={backTo} />
        <RemoteFailed page onRetry={onRetry} />
      </main>
      <TabBar />
    </div>
  );
}

export function RemoteLoading() {
  const { t } = useT('host');
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{t('remote.loading')}</span>
    </div>
  );
}

interface RemoteSectionProps<R extends RemoteName> {
  registry: RemoteRegistry;
  remote: R;
  expose: ExposedModule<R>;
  /** For a full-screen page: where its Back goes when there is no history to return to. */
  backTo?: string;
  /** The section is all of a tab's screen (Home, Team): its failure card's title is the screen's heading. */
  wholeTab?: boolean;
}

/**
 * One federated component inside the host's layout: loading state, failure card and a retry that
 * downloads the remote again. On the tab pages the tab bar and the other tabs live outside this
 * boundary; a full-screen page (`backTo`) gets Back and the tab bar with its failure card.
 */
export function RemoteSection<R extends RemoteName>({ registry, remote, expose, backTo, wholeTab = false }: RemoteSectionProps<R>) {
  const [attempt, setAttempt] = useState(0);
  const Loaded = useMemo(
    () => lazy(async () => ({ default: (await registry.load(remote, expose, attempt > 0)) as ComponentType })),
    [registry, remote, expose, attempt],
  );
  const retry = () => setAttempt((n) => n + 1);
  const fallback = backTo ? <RemotePageFailed backTo={backTo} onRetry={retry} /> : <RemoteFailed page={wholeTab} onRetry={retry} />;
  const page = (
    <Suspense fallback={<RemoteLoading />}>
      <Loaded />
    </Suspense>
  );
  // A full-screen page is the document's main landmark, as a tab's content is inside the tab layout.
  // Inside the boundary, so that its failure card (which has a main of its own) replaces it whole.
  return (
    <RemoteBoundary key={attempt} name={`${remote}/${expose}`} fallback={fallback}>
      {backTo ? <main>{page}</main> : page}
    </RemoteBoundary>
  );
}
