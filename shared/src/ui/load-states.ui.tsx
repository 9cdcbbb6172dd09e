import { useT } from '../i18n/i18n';

/**
 * What a screen shows while its data loads: blocks of about the size of what will come, so the page
 * does not jump, announced once to screen readers. Styles: `.g-loading`, `.g-skeleton` (theme.css).
 */
export function LoadingBlocks({ count = 1, blockSize = '8rem' }: { count?: number; blockSize?: string }) {
  const { t } = useT();
  return (
    <div className="g-loading" role="status" aria-busy="true">
      <span className="g-visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: count }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
        <div key={n} className="g-skeleton" style={{ blockSize }} aria-hidden="true" />
      ))}
    </div>
  );
}

/** A load that failed: what did not load, and a retry that really calls again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className="g-problem" role="alert">
      <p>{message}</p>
      <button type="button" className="g-button g-button--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
