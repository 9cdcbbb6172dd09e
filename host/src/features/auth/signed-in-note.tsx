import { callMain, clearSession, Link, logout, PATHS, useT } from '@grab/shared';
import { useState } from 'react';
import styles from './auth.module.css';

/**
 * /register opened by someone already logged in (a friend's invite link tapped on their own
 * phone): say so, instead of a form that would make a second account behind their back.
 */
export function SignedInNote() {
  const { t } = useT('host');
  const [leaving, setLeaving] = useState(false);

  async function onLogout() {
    setLeaving(true);
    try {
      await callMain(logout);
    } catch {
      // Offline: the token is forgotten here anyway; the server expires it.
    }
    // The register page stays, with the invitation code of the link.
    clearSession();
  }

  return (
    <div className={styles.form} role="status" data-testid="signed-in-note">
      <p>{t('auth.alreadySignedIn')}</p>
      <Link className="g-button" to={PATHS.home}>
        {t('auth.toHome')}
      </Link>
      <button type="button" className="g-button g-button--secondary" onClick={onLogout} disabled={leaving}>
        {t('auth.logoutToRegister')}
      </button>
    </div>
  );
}
