import {
  callMain,
  deviceId,
  LoginBody,
  Link,
  login,
  Navigate,
  PATHS,
  SESSION_ENDED_KEY,
  setSession,
  tokenAtom,
  useAtomValue,
  useNavigate,
  userInfoAtom,
  useSearchParams,
  useT,
} from '@grab/shared';
import { type ReactNode, useState } from 'react';
import { PasswordField, PhoneFields } from './auth-fields';
import { defaultCountry, message, rememberCountry, usePhoneForm } from './auth-form';
import { AuthScreen } from './auth-screen';
import styles from './auth.module.css';

interface LoginPageProps {
  /** The language chooser, composed by the app: it is reachable before login. */
  languageChooser?: ReactNode;
  /** Turns the `redirect` query into a safe address of this site. */
  redirectTarget: (raw: string | null) => string;
}

function readSessionEnded(): boolean {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

function forgetSessionEnded() {
  try {
    sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Storage blocked: nothing was said.
  }
}

/** Route name `loginPage` (SPEC §2). */
export function LoginPage({ languageChooser, redirectTarget }: LoginPageProps) {
  const { t } = useT('host');
  const common = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userInfo = useAtomValue(userInfoAtom);
  const token = useAtomValue(tokenAtom);
  const target = redirectTarget(params.get('redirect'));
  // Set by the 401 that reloaded the app onto this page (SPEC §4): read once, said until the next login.
  const [sessionEnded] = useState(readSessionEnded);
  const { values, setValue, errors, busy, formRef, onSubmit } = usePhoneForm(
    LoginBody,
    { country: defaultCountry(common.language), phone: '', password: '' },
    async (data, phone) => {
      const session = await callMain(login, { ...data, phone, deviceId: deviceId() }, { inline: true });
      if (!session) return;
      rememberCountry(data.country);
      forgetSessionEnded();
      setSession(session);
      navigate(target, { replace: true });
    },
  );

  if (userInfo && token && !busy) return <Navigate to={target} replace />;

  return (
    <AuthScreen
      id="login-title"
      title={t('auth.loginTitle')}
      intro={t('auth.loginIntro')}
      languageChooser={languageChooser}
      footer={
        <>
          {t('auth.noAccount')} <Link to={PATHS.register}>{t('auth.toRegister')}</Link>
        </>
      }
    >
      {sessionEnded ? (
        <p className={styles.notice} role="status" data-testid="session-ended">
          {t('auth.sessionEnded')}
        </p>
      ) : null}
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        <PhoneFields country={values.country} phone={values.phone} onChange={setValue} errors={errors} />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(v) => setValue('password', v)}
          error={message(common.t, errors.password)}
        />
        <button type="submit" className={`g-button ${styles.submit}`} disabled={busy}>
          {t('auth.submitLogin')}
        </button>
      </form>
    </AuthScreen>
  );
}
