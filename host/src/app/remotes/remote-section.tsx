import { useT } from '@grab/shared';
import type { ExposedModule, RemoteName } from '@grab/shared/remotes';
import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
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

export function RemoteFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT('host');
  const titleId = useId();
  return (
    <section className={`g-card ${styles.failed}`} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('remote.failedTitle')}
      </h2>
      <p className={styles.text}>{t('remote.failedText')}</p>
      <button type="button" className="g-button" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </section>
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
}

/**
 * One federated component inside the host's layout: loading state, failure card and a retry that
 * downloads the remote again. The tab bar and the other tabs live outside this boundary.
 */
export function RemoteSection<R extends RemoteName>({ registry, remote, expose }: RemoteSectionProps<R>) {
  const [attempt, setAttempt] = useState(0);
  const Loaded = useMemo(
    () => lazy(async () => ({ default: (await registry.load(remote, expose, attempt > 0)) as ComponentType })),
    [registry, remote, expose, attempt],
  );
  return (
    <RemoteBoundary key={attempt} name={`${remote}/${expose}`} fallback={<RemoteFailed onRetry={() => setAttempt((n) => n + 1)} />}>
      <Suspense fallback={<RemoteLoading />}>
        <Loaded />
      </Suspense>
    </RemoteBoundary>
  );
}
