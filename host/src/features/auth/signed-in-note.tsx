import { callMain, clearSession, Link, logout, PATHS, useT } from '@grab/shared';
import { useState } from 'react';
import styles from './auth.module.css';

/**
 * /register opened by someone already logged in (most often a friend's invitation link tapped on
 * their own phone): say so and offer the two ways on, instead of a form that would make a second
 * account behind the first one's back.
 */
export function SignedInNote() {
  const { t } = useT('host');
  const [leaving, setLeaving] = useState(false);

  async function onLogout() {
    setLeaving(true);
    try {
      await callMain(logout);
    } catch {
      // Offline: the token is forgotten here anyway, and the server lets it expire.
    }
    // The page stays: the form comes back with the link's invitation code in it.
    clearSession();
  }

  return (
    <div className={styles.form} data-testid="signed-in-note">
      <p className={styles.signedIn}>{t('auth.alreadySignedIn')}</p>
      <Link className="g-button" to={PATHS.home}>
        {t('auth.toHome')}
      </Link>
      <button type="button" className="g-button g-button--secondary" onClick={onLogout} disabled={leaving}>
        {t('auth.logoutToRegister')}
      </button>
    </div>
  );
}
