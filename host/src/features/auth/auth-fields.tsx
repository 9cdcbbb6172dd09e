import { languageByKey, useT } from '@grab/shared';
import { type InputHTMLAttributes, type ReactNode, useId, useMemo, useState } from 'react';
import styles from './auth.module.css';
import { message } from './auth-form';
import { type CountryOption, countryOptions } from './countries';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated. */
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  prefix?: string;
  trailing?: ReactNode;
  /** Phone numbers read left to right in every language, dialling code first. */
  direction?: 'ltr' | 'auto';
}

/** A labelled input with its hint and message tied to it (`aria-describedby`, `aria-invalid`). */
export function TextField({ label, name, value, onChange, error, hint, type = 'text', autoComplete, inputMode, prefix, trailing, direction = 'auto' }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.control} ${error ? styles.controlInvalid : ''}`} dir={direction === 'ltr' ? 'ltr' : undefined}>
        {prefix && (
          <span className={styles.prefix} aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={id}
          name={name}
          className={styles.input}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          inputMode={inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          dir={direction}
        />
        {trailing}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type PasswordFieldProps = Omit<FieldProps, 'type' | 'trailing' | 'prefix' | 'direction'>;

export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { t } = useT('host');
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

interface CountryFieldProps {
  label: string;
  value: string;
  options: CountryOption[];
  onChange: (value: string) => void;
  error?: string | undefined;
}

export function CountryField({ label, value, options, onChange, error }: CountryFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        name="country"
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="country"
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name} ({option.dialCode})
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

interface PhoneFieldsProps {
  country: string;
  phone: string;
  onChange: (field: 'country' | 'phone', value: string) => void;
  /** i18n keys of the common namespace, per field. */
  errors: Partial<Record<string, string>>;
}

/** Country and phone number, as both login and register ask for them. */
export function PhoneFields({ country, phone, onChange, errors }: PhoneFieldsProps) {
  const { t } = useT('host');
  const common = useT();
  const tag = languageByKey(common.language).tag;
  const options = useMemo(() => countryOptions(tag), [tag]);
  return (
    <>
      <CountryField label={t('auth.country')} value={country} options={options} onChange={(v) => onChange('country', v)} error={message(common.t, errors.country)} />
      <TextField
        label={t('auth.phone')}
        name="phone"
        type="tel"
        direction="ltr"
        inputMode="tel"
        autoComplete="tel-national"
        prefix={options.find((o) => o.code === country)?.dialCode}
        value={phone}
        onChange={(v) => onChange('phone', v)}
        error={message(common.t, errors.phone)}
      />
    </>
  );
}

interface NewPasswordFieldsProps {
  /** "Password" on sign-up, "New password" on the change. */
  label: string;
  password: string;
  rePassword: string;
  onChange: (field: 'password' | 'rePassword', value: string) => void;
  /** i18n keys of the common namespace, per field. */
  errors: Partial<Record<string, string>>;
}

/** A new password with its rule, and the same again, as both register and the password change ask for them. */
export function NewPasswordFields({ label, password, rePassword, onChange, errors }: NewPasswordFieldsProps) {
  const { t } = useT('host');
  const common = useT();
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        hint={t('auth.passwordRule')}
        value={password}
        onChange={(v) => onChange('password', v)}
        error={message(common.t, errors.password)}
      />
      <PasswordField
        label={t('auth.rePassword')}
        name="rePassword"
        autoComplete="new-password"
        value={rePassword}
        onChange={(v) => onChange('rePassword', v)}
        error={message(common.t, errors.rePassword)}
      />
    </>
  );
}
