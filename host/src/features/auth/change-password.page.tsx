import { BackButton, ChangePasswordBody, callMain, changePassword, clearSession, PATHS, toast, useNavigate, useT } from '@grab/shared';
import { type FormEvent, startTransition, useRef, useState } from 'react';
import { focusFirstError, message, refusalErrors, useForm, validateWith } from './auth-form';
import { NewPasswordFields, PasswordField } from './auth-fields';
import styles from './auth.module.css';

export function ChangePasswordPage() {
  const { t } = useT('host');
  const common = useT();
  const navigate = useNavigate();
  const { values, setValue, errors, setErrors } = useForm({ oldPassword: '', password: '', rePassword: '' });
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { data, errors: found } = validateWith(ChangePasswordBody, values);
    setErrors(found);
    if (!data) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setBusy(true);
    try {
      const done = await callMain(changePassword, data, { inline: true });
      // `null` is the success answer; `undefined` means the server said no (already toasted).
      if (done === undefined) return;
      // The server revoked every token of the earner: log in again with the new password. The
      // router moves inside a transition; clearing the session in the same transition keeps the
      // guard from seeing this page without a session and adding a redirect back to it.
      navigate(PATHS.loginPage, { replace: true });
      startTransition(clearSession);
      // Raised on the login page, where it is read: toasts go with the page they were raised on.
      toast.success(t('auth.passwordChanged'));
    } catch (error) {
      const refused = refusalErrors(error);
      if (Object.keys(refused).length > 0) {
        setErrors(refused);
        requestAnimationFrame(() => focusFirstError(formRef.current));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <div className={styles.topBar}>
        <BackButton fallback={PATHS.user} />
      </div>
      <section className={`g-card ${styles.card}`} aria-labelledby="change-password-title">
        <h1 id="change-password-title" className={styles.title}>
          {t('auth.changePasswordTitle')}
        </h1>
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
          <PasswordField
            label={t('auth.oldPassword')}
            name="oldPassword"
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={(v) => setValue('oldPassword', v)}
            error={message(common.t, errors.oldPassword)}
          />
          <NewPasswordFields label={t('auth.newPassword')} password={values.password} rePassword={values.rePassword} onChange={setValue} errors={errors} />
          <button type="submit" className={`g-button ${styles.submit}`} disabled={busy}>
            {t('auth.submitChangePassword')}
          </button>
        </form>
      </section>
    </div>
  );
}
