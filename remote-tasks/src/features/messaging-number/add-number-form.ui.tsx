import { addWsNumber, callMessaging, languageByKey, type PendingCode, useAtomValue, userInfoAtom, useT } from '@grab/shared';
import { countryOptions, DIAL_CODES } from '@grab/shared/countries';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import pageStyles from '../../lib/task-page.module.css';
import styles from './messaging-number.module.css';

/** Country and number, then "Get code": the server checks the number and issues a one-time code. */
export function AddNumberForm({ onCode }: { onCode: (code: PendingCode) => void }) {
  const { t, language } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const common = useT();
  const user = useAtomValue(userInfoAtom);
  const tag = languageByKey(language).tag;
  const countries = useMemo(() => countryOptions(tag), [tag]);
  const [country, setCountry] = useState(() => {
    const preferred = user?.country ?? languageByKey(language).country;
    return preferred in DIAL_CODES ? preferred : 'IN';
  });
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const countryId = useId();
  const phoneId = useId();
  const problemId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const digits = phone.replace(/[\s()-]/g, '');
    if (!digits) {
      setProblem(common.t('validation.phoneRequired'));
      phoneRef.current?.focus();
      return;
    }
    if (!/^\+?\d{4,20}$/.test(digits)) {
      setProblem(common.t('validation.phoneInvalid'));
      phoneRef.current?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      // A refusal (someone else's number, the day's cap, too many codes) is toasted by the client.
      const code = await callMessaging(addWsNumber, { country, phone: digits });
      if (code) onCode(code);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={`g-card ${pageStyles.stack}`} onSubmit={onSubmit} noValidate aria-labelledby={`${phoneId}-title`}>
      <h2 id={`${phoneId}-title`} className={styles.sectionTitle}>
        {pages('ws.addTitle')}
      </h2>
      <label htmlFor={countryId} className={pageStyles.fieldLabel}>
        {pages('ws.country')}
      </label>
      <select id={countryId} className={`${pageStyles.field} ${styles.select}`} value={country} onChange={(event) => setCountry(event.target.value)}>
        {countries.map((option) => (
          <option key={option.code} value={option.code}>
            {`${option.name} (${option.dialCode})`}
          </option>
        ))}
      </select>
      <label htmlFor={phoneId} className={pageStyles.fieldLabel}>
        {pages('ws.number')}
      </label>
      <div className={styles.phoneRow} dir="ltr">
        <span className={styles.dial} aria-hidden="true">
          {DIAL_CODES[country]}
        </span>
        <input
          ref={phoneRef}
          id={phoneId}
          className={`${pageStyles.field} ${styles.phone}`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
      </div>
      {problem ? (
        <p id={problemId} className={styles.fieldError} role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="g-button" disabled={busy}>
        {busy ? t('busy') : pages('ws.getCode')}
      </button>
    </form>
  );
}
