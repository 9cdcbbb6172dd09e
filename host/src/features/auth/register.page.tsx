import {
  callMain,
  configAtom,
  formatPoints,
  languageByKey,
  Link,
  RegisterBody,
  register,
  setSession,
  toast,
  useAtomValue,
  useNavigate,
  useT,
} from '@grab/shared';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { checkPhone, focusFirstError, message, useForm, validateWith } from './auth-form';
import { CountryField, PasswordField, TextField } from './auth-fields';
import styles from './auth.module.css';
import { countryOptions } from './countries';

/** DESIGN §5: a new earner gets 100 points (hundredths here) unless the config says otherwise. */
const DEFAULT_WELCOME_BONUS = 10_000;

function savedShareCode(): string {
  try {
    return localStorage.getItem('shareCode') ?? '';
  } catch {
    return '';
  }
}

export function RegisterPage({ languageChooser }: { languageChooser?: ReactNode }) {
  const { t } = useT('host');
  const common = useT();
  const navigate = useNavigate();
  const config = useAtomValue(configAtom);
  const language = languageByKey(common.language);
  const options = useMemo(() => countryOptions(language.tag), [language.tag]);
  const { values, setValue, errors, setErrors } = useForm({
    country: language.country,
    phone: '',
    password: '',
    rePassword: '',
    inviteCode: savedShareCode(),
  });
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { data, errors: found } = validateWith(RegisterBody, values);
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
      const session = await callMain(register, { ...data, phone });
      if (!session) return;
      // The register call answers with a session: the new earner is logged in right away.
      setSession(session);
      const bonus = formatPoints(config?.welcomeBonus ?? DEFAULT_WELCOME_BONUS, common.language);
      toast.success(t('auth.welcomeBonus', { points: bonus }), { duration: 6000 });
      navigate('/home', { replace: true });
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
      <section className={`g-card ${styles.card}`} aria-labelledby="register-title">
        <div className={styles.heading}>
          <h1 id="register-title" className={styles.title}>
            {t('auth.registerTitle')}
          </h1>
          <p className={styles.intro}>{t('auth.registerIntro')}</p>
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
            autoComplete="new-password"
            hint={t('auth.passwordRule')}
            value={values.password}
            onChange={(v) => setValue('password', v)}
            error={message(common.t, errors.password)}
          />
          <PasswordField
            label={t('auth.rePassword')}
            name="rePassword"
            autoComplete="new-password"
            value={values.rePassword}
            onChange={(v) => setValue('rePassword', v)}
            error={message(common.t, errors.rePassword)}
          />
          <TextField
            label={t('auth.inviteCode')}
            name="inviteCode"
            autoComplete="off"
            value={values.inviteCode}
            onChange={(v) => setValue('inviteCode', v)}
            error={message(common.t, errors.inviteCode)}
          />
          <button type="submit" className={`g-button ${styles.submit}`} disabled={busy}>
            {t('auth.submitRegister')}
          </button>
        </form>
        <p className={styles.switch}>
          {t('auth.haveAccount')} <Link to="/login">{t('auth.toLogin')}</Link>
        </p>
      </section>
    </div>
  );
}
