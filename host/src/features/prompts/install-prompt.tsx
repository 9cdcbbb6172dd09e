import { LineIcon, useT, useToastLift } from '@grab/shared';
import { useId, useState } from 'react';
import { isIosSafari, runsInstalled } from './install-platform';
import styles from './prompts.module.css';

/** What Chrome's `beforeinstallprompt` event offers (held by the app since the page loaded). */
export interface InstallOffer {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallPromptProps {
  /** Android: the browser's own install dialog, one use. Null on iPhone Safari, which has none. */
  offer: InstallOffer | null;
  /** The browser's dialog was shown and answered: the offer is used up. */
  onPrompted: (outcome: 'accepted' | 'dismissed') => void;
  /** "No thanks": never again on this phone. */
  onDismiss: () => void;
}

const SHARE_ICON = (
  <LineIcon size={18}>
    <path d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1" />
  </LineIcon>
);

/** Adding Grab to the home screen, in our words: the install dialog on Android, the steps on iPhone. */
export function InstallPrompt({ offer, onPrompted, onDismiss }: InstallPromptProps) {
  const { t } = useT('host');
  const titleId = useId();
  const lift = useToastLift();
  const [busy, setBusy] = useState(false);
  // Already on the home screen, or a browser with neither the dialog nor the Share-menu steps.
  if (runsInstalled() || (!offer && !isIosSafari())) return null;

  async function install() {
    if (!offer) return;
    setBusy(true);
    try {
      await offer.prompt();
      onPrompted((await offer.userChoice).outcome);
    } catch {
      // Already used or refused by the browser: nothing to offer until the next visit.
      onPrompted('dismissed');
    }
  }

  return (
    <aside className={`g-card ${styles.prompt}`} aria-labelledby={titleId} data-testid="install-prompt" ref={lift}>
      <div className={styles.head}>
        <span className={styles.mark}>
          <LineIcon>
            <rect x="6" y="2" width="12" height="20" rx="2" />
            <path d="M12 7v7M9 11l3 3 3-3M10 18h4" />
          </LineIcon>
        </span>
        <div>
          <h2 id={titleId} className={styles.title}>
            {t('prompts.installTitle')}
          </h2>
          <p className={styles.text}>{t('prompts.installText')}</p>
        </div>
      </div>
      {offer ? null : (
        <ol className={styles.steps} data-testid="install-steps">
          <li>
            {t('prompts.iosShare')} <span aria-hidden="true">{SHARE_ICON}</span>
          </li>
          <li>{t('prompts.iosAdd')}</li>
        </ol>
      )}
      <div className={styles.actions}>
        {offer ? (
          <button type="button" className="g-button" onClick={install} disabled={busy}>
            {t('prompts.install')}
          </button>
        ) : null}
        <button type="button" className="g-button g-button--secondary" onClick={onDismiss}>
          {offer ? t('prompts.noThanks') : t('prompts.gotIt')}
        </button>
      </div>
    </aside>
  );
}
