import { callMain, RedeemCode as RedeemCodeSchema, taskExchange, useT } from '@grab/shared';
import { type FormEvent, useId, useState } from 'react';
import { TASKS_NS } from '../../locales/tasks.locales';
import { CreditDone } from '../../lib/credit-done.ui';
import { useCredit } from '../../lib/credit.lib';
import pageStyles from '../../lib/task-page.module.css';
import styles from './task-detail.module.css';

/** A redemption code form: the server checks the code and decides what it credits. */
export function RedeemCode() {
  const { t } = useT(TASKS_NS);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, credit, run } = useCredit();
  const inputId = useId();
  const problemId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RedeemCodeSchema.safeParse(code);
    if (!parsed.success) {
      setProblem(code.trim() ? t('redeem.tooLong') : t('redeem.empty'));
      return;
    }
    setProblem(null);
    if (await run(() => callMain(taskExchange, { code: parsed.data }))) setCode('');
  }

  return (
    <>
      {credit ? <CreditDone credit={credit} /> : null}
      <form className={`g-card ${styles.redeem}`} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={pageStyles.fieldLabel}>
          {t('redeem.label')}
        </label>
        <input
          id={inputId}
          className={`${pageStyles.field} ${styles.input}`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
        {problem ? (
          <p id={problemId} className={styles.fieldProblem} role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="g-button" disabled={busy}>
          {busy ? t('busy') : t('redeem.submit')}
        </button>
      </form>
    </>
  );
}
