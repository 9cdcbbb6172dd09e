import {
  languageByKey,
  Link,
  LoginBody,
  login,
  Navigate,
  setSession,
  tokenAtom,
  useAtomValue,
  useNavigate,
  userInfoAtom,
  useSearchParams,
  useT,
  callMain,
} from '@grab/shared';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { checkPhone, focusFirstError, message, useForm, validateWith } from './auth-form';
import { CountryField, PasswordField, TextField } from './auth-fields';
import styles from './auth.module.css';
import { countryOptions } from './countries';

interface LoginPageProps {
  /** The language chooser, composed by the app: it is reachable before login. */
  languageChooser?: ReactNode;
  /** Turns the `redirect` query into a safe address of this site. */
  redirectTarget: (raw: string | null) => string;
}

/** Route name `loginPage` (SPEC §2). */
export function LoginPage({ languageChooser, redirectTarget }: LoginPageProps) {
  const { t } = useT('host');
  const common = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userInfo = useAtomValue(userInfoAtom);
  const token = useAtomValue(tokenAtom);
  const language = languageByKey(common.language);
  const options = useMemo(() => countryOptions(language.tag), [language.tag]);
  const { values, setValue, errors, setErrors } = useForm({ country: language.country, phone: '', password: '' });
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const target = redirectTarget(params.get('redirect'));

  if (userInfo && token && !busy) return <Navigate to={target} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { data, errors: found } = validateWith(LoginBody, values);
    let phone = values.phone;
    if (!found.phone && !found.country) {
      const normalized = await checkPhone(values.country, values.phone);
      if (normalized) phone = normalized;
      else found.phone = 'validation.phoneInvalid';
    }
    setErrors(found);
    if (!data || Object.values(found).some(Boolean)) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setBusy(true);
    try {
      const session = await callMain(login, { ...data, phone });
      if (!session) return;
      setSession(session);
      navigate(target, { replace: true });
    } catch {
      // The client already told the earner (connection toast).
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <div className={styles.brand}>
        <span className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true">
            G
          </span>
          Grab
        </span>
        {languageChooser}
      </div>
      <section className={`g-card ${styles.card}`} aria-labelledby="login-title">
        <div className={styles.heading}>
          <h1 id="login-title" className={styles.title}>
            {t('auth.loginTitle')}
          </h1>
          <p className={styles.intro}>{t('auth.loginIntro')}</p>
        </div>
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
          <CountryField
            label={t('auth.country')}
            value={values.country}
            options={options}
            onChange={(v) => setValue('country', v)}
            error={message(common.t, errors.country)}
          />
          <TextField
            label={t('auth.phone')}
            name="phone"
            type="tel"
            direction="ltr"
            inputMode="tel"
            autoComplete="tel-national"
            prefix={options.find((o) => o.code === values.country)?.dialCode}
            value={values.phone}
            onChange={(v) => setValue('phone', v)}
            error={message(common.t, errors.phone)}
          />
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
        <p className={styles.switch}>
          {t('auth.noAccount')} <Link to="/register">{t('auth.toRegister')}</Link>
        </p>
      </section>
    </div>
  );
}
