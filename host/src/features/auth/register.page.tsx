import { callMain, configAtom, deviceId, formatPoints, Link, PATHS, RegisterBody, register, setSession, toast, tokenAtom, useAtomValue, useNavigate, useT, userInfoAtom } from '@grab/shared';
import { type ReactNode, useState } from 'react';
import { NewPasswordFields, PhoneFields, TextField } from './auth-fields';
import { defaultCountry, message, rememberCountry, usePhoneForm } from './auth-form';
import { AuthScreen } from './auth-screen';
import { InviterNote } from './inviter-note';
import { SignedInNote } from './signed-in-note';
import styles from './auth.module.css';

/** DESIGN §5: a new earner gets 100 points (hundredths here) unless the config says otherwise. */
const DEFAULT_WELCOME_BONUS = 10_000;

function savedShareCode(): string {
  try {
    return localStorage.getItem('shareCode') ?? '';
  } catch {
    return '';
  }
}

interface RegisterPageProps {
  /** The language chooser, composed by the app: it is reachable before login. */
  languageChooser?: ReactNode;
  /** Called once the new earner is logged in, before Home opens (the app's first-visit prompts). */
  onRegistered?: () => void;
}

export function RegisterPage({ languageChooser, onRegistered }: RegisterPageProps) {
  const { t } = useT('host');
  const common = useT();
  const navigate = useNavigate();
  const config = useAtomValue(configAtom);
  const [shareCode] = useState(savedShareCode);
  // Both stored mean logged in (SPEC §4), as the route guard reads it.
  const storedEarner = useAtomValue(userInfoAtom);
  const storedToken = useAtomValue(tokenAtom);
  const signedIn = storedEarner !== null && storedToken !== null;
  const { values, setValue, errors, busy, formRef, onSubmit } = usePhoneForm(
    RegisterBody,
    { country: defaultCountry(common.language), phone: '', password: '', rePassword: '', inviteCode: shareCode },
    async (data, phone) => {
      const session = await callMain(register, { ...data, phone, deviceId: deviceId() }, { inline: true });
      if (!session) return;
      rememberCountry(data.country);
      // The register call answers with a session: the new earner is logged in right away.
      setSession(session);
      onRegistered?.();
      const bonus = formatPoints(config?.welcomeBonus ?? DEFAULT_WELCOME_BONUS, common.language);
      // Raised on Home, the page it is read on (a toast goes with the page it was raised on).
      navigate(PATHS.home, { replace: true });
      toast.success(t('auth.welcomeBonus', { points: bonus }), { duration: 6000 });
    },
  );

  return (
    <AuthScreen
      id="register-title"
      title={t('auth.registerTitle')}
      intro={t('auth.registerIntro')}
      languageChooser={languageChooser}
      footer={
        signedIn ? null : (
          <>
            {t('auth.haveAccount')} <Link to={PATHS.loginPage}>{t('auth.toLogin')}</Link>
          </>
        )
      }
    >
      {/* The inviter belongs to the link's code: a code typed instead is someone else's. */}
      {values.inviteCode.trim() === shareCode ? <InviterNote shareCode={shareCode} /> : null}
      {signedIn ? (
        <SignedInNote />
      ) : (
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        <PhoneFields country={values.country} phone={values.phone} onChange={setValue} errors={errors} />
        <NewPasswordFields label={t('auth.password')} password={values.password} rePassword={values.rePassword} onChange={setValue} errors={errors} />
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
      )}
    </AuthScreen>
  );
}
